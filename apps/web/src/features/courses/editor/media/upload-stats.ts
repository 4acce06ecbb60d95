/**
 * Progress, speed and time left of an upload, from the byte counts reported as it goes. Speed is taken
 * over the last few seconds (a moving window), so a pause or a slow patch shows soon, and a chunk's
 * first burst into the browser's buffer does not promise a time nobody will see.
 */
export type ProgressSample = { at: number; bytes: number };

/** How far back the speed looks (ms). */
export const SPEED_WINDOW_MS = 5_000;

/** The samples kept after a new one: those inside the window, and the last one before it as the base. */
export function addSample(samples: readonly ProgressSample[], sample: ProgressSample): ProgressSample[] {
  // Bytes counted back (tus asks the server again after a failure): start the window over.
  const last = samples.at(-1);
  if (last && sample.bytes < last.bytes) return [sample];
  const kept = [...samples, sample];
  const from = kept.findIndex((s) => s.at >= sample.at - SPEED_WINDOW_MS);
  return kept.slice(Math.max(0, from - 1));
}

export type UploadStats = {
  /** 0–100, whole numbers; 100 only once every byte is stored. */
  percent: number;
  /** Bytes a second over the window; null until two samples a moment apart exist. */
  bytesPerSecond: number | null;
  /** Whole seconds to the end at that speed; null while the speed is unknown or zero. */
  secondsLeft: number | null;
};

export function uploadStats(samples: readonly ProgressSample[], total: number): UploadStats {
  const last = samples.at(-1);
  const uploaded = last?.bytes ?? 0;
  const percent = total > 0 ? Math.min(100, Math.floor((uploaded / total) * 100)) : 0;
  const first = samples[0];
  if (!first || !last || last.at - first.at < 250)
    return { percent, bytesPerSecond: null, secondsLeft: null };
  const bytesPerSecond = ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
  const secondsLeft = bytesPerSecond > 0 ? Math.ceil((total - uploaded) / bytesPerSecond) : null;
  return { percent, bytesPerSecond, secondsLeft };
}

/** 1.5 MB/s, 320 KB/s: bytes a second for people. */
export function formatSpeed(bytesPerSecond: number): string {
  if (bytesPerSecond >= 1024 * 1024) return `${(bytesPerSecond / 1024 / 1024).toFixed(1)} MB/s`;
  return `${Math.max(1, Math.round(bytesPerSecond / 1024))} KB/s`;
}

/** 1:05:09, 4:07, 0:09: a time left as a clock shows it. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}
