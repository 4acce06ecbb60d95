import { useSession } from '../../lib/session-store.ts';

/** OWNER and ADMIN manage the bank and exams (`abilities.manage`, as the server's policy gives it). */
export const useCanManageExams = (): boolean =>
  useSession((s) => s.user?.lastTeam?.abilities.manage ?? false);
