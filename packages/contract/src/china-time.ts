/**
 * China Standard Time (Asia/Shanghai), the one clock of every report, chart, budget and number a
 * person reads: UTC+8 all year (no daylight saving since 1991), so a fixed offset is exact and needs
 * no time-zone data. SQL that groups by it names the zone as `CHINA_TIME_ZONE`.
 */
export const CHINA_TIME_ZONE = 'Asia/Shanghai';
export const DAY_MS = 86_400_000;
const OFFSET_MS = 8 * 3_600_000;

/** The instant's wall clock in China, as an ISO string without its zone (`2026-11-29T08:30:00.000`). */
const wallClock = (at: number | Date): string =>
  new Date((typeof at === 'number' ? at : at.getTime()) + OFFSET_MS).toISOString().slice(0, 23);

/** The China day of an instant: `yyyy-mm-dd`. */
export const chinaDay = (at: number | Date): string => wallClock(at).slice(0, 10);

/** The China month of an instant: `yyyy-mm` (AI budgets count by it). */
export const chinaMonth = (at: number | Date): string => wallClock(at).slice(0, 7);

/** The Monday (China day) of the week an instant falls in: `yyyy-mm-dd`. */
export function chinaWeek(at: number | Date): string {
  const day = chinaDay(at);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return chinaDay(chinaDayStart(day).getTime() - ((weekday + 6) % 7) * DAY_MS);
}

/** China wall time to the minute, `yyyy-mm-dd HH:mm`, or to the second with `seconds`. */
export const chinaDateTime = (at: number | Date, seconds = false): string =>
  wallClock(at)
    .slice(0, seconds ? 19 : 16)
    .replace('T', ' ');

/** The instant a China day (`yyyy-mm-dd`) begins. */
export const chinaDayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

/** The last `count` China days up to the one `now` falls in, oldest first. */
export function lastChinaDays(count: number, now: number | Date = Date.now()): string[] {
  const today = chinaDayStart(chinaDay(now)).getTime();
  return Array.from({ length: count }, (_, i) => chinaDay(today - (count - 1 - i) * DAY_MS));
}
