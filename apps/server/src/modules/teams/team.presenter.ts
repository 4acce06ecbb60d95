import type { LastTeam } from '@studio/contract';
import { isExpired, type Membership } from '../../platform/membership.ts';

export const toLastTeam = ({ team, role }: Membership): LastTeam => ({
  teamId: team.id,
  teamCode: team.teamCode,
  teamName: team.teamName,
  teamLogo: team.teamLogo,
  expireDate: team.expireDate ? team.expireDate.getTime() : null,
  teamExpire: isExpired(team.expireDate),
  userTeamRole: role,
});
