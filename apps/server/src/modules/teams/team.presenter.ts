import type { LastTeam } from '@studio/contract';
import type { Membership } from './teams.repo.ts';

export const isExpired = (expireDate: Date | null, now = Date.now()): boolean =>
  expireDate !== null && expireDate.getTime() <= now;

export const toLastTeam = ({ team, role }: Membership): LastTeam => ({
  teamId: team.id,
  teamCode: team.teamCode,
  teamName: team.teamName,
  teamLogo: team.teamLogo,
  expireDate: team.expireDate ? team.expireDate.getTime() : null,
  teamExpire: isExpired(team.expireDate),
  userTeamRole: role,
});
