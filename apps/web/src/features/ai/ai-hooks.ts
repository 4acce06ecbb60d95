import { useSession } from '../auth/session-store.ts';

export const useTeamId = (): number | undefined => useSession((s) => s.user?.lastTeam?.teamId);

/** An expired team is read-only: starting or changing a job would be refused. */
export const useTeamWritable = (): boolean => useSession((s) => !s.user?.lastTeam?.teamExpire);

/** A positive whole number from the address, or null. */
export const parseId = (value: string | null): number | null => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};
