import { useSession } from '../../../lib/session-store.ts';

/**
 * Whether the current team lets this user read the learning report: OWNER and ADMIN
 * (`abilities.manage`, as the server's policy gives it). Decides the page and its ways in.
 */
export const useCanReadReport = (): boolean => useSession((s) => s.user?.lastTeam?.abilities.manage ?? false);
