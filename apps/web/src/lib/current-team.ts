import { useSession } from './session-store.ts';

/** The current team's id: part of every team-owned query key, so switching team refetches. */
export const useTeamId = (): number | undefined => useSession((s) => s.user?.lastTeam?.teamId);

/** Writes are refused while the current team is expired (read-only), whatever the abilities say. */
export const useTeamWritable = (): boolean => useSession((s) => !s.user?.lastTeam?.teamExpire);
