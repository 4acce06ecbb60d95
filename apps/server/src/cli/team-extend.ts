/**
 * Admin command: extend (or clear) a team's expiry.
 *   npm run team:extend -w apps/server -- <teamCode> <days>     expiry = max(now, current) + days
 *   npm run team:extend -w apps/server -- <teamCode> never      no expiry
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { findTeamByCode, setTeamExpiry } from '../modules/teams/teams.repo.ts';

export function extendedExpiry(current: Date | null, days: number | 'never', now = new Date()): Date | null {
  if (days === 'never') return null;
  const from = current && current > now ? current : now;
  return new Date(from.getTime() + days * 86_400_000);
}

async function main(argv: string[]): Promise<number> {
  const [teamCode, daysArg] = argv;
  const days = daysArg === 'never' ? 'never' : Number(daysArg);
  if (!teamCode || (days !== 'never' && (!Number.isInteger(days) || days <= 0 || days > 36_500))) {
    console.error('usage: team:extend <teamCode> <days 1–36500 | never>');
    return 2;
  }
  const database = await openDatabase(loadConfig(), () => undefined);
  try {
    const team = await findTeamByCode(database.db, teamCode.toUpperCase());
    if (!team) {
      console.error(`no team with code ${teamCode}`);
      return 1;
    }
    const expireDate = extendedExpiry(team.expireDate, days);
    await setTeamExpiry(database.db, team.id, expireDate);
    console.log(
      `${team.teamName} (${team.teamCode}) now expires: ${expireDate ? expireDate.toISOString() : 'never'}`,
    );
    return 0;
  } finally {
    await database.close();
    await database.stopEmbedded();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void main(process.argv.slice(2)).then((code) => process.exit(code));
}
