import type { LastTeam } from '@studio/contract';
import { isExpired, type Membership } from '../../platform/membership.ts';
import { teamAbilitiesOf } from '../../platform/abilities.ts';

export const toLastTeam = (membership: Membership): LastTeam => {
  const { team, role } = membership;
  return {
    teamId: team.id,
    teamCode: team.teamCode,
    teamName: team.teamName,
    teamLogo: team.teamLogo,
    expireDate: team.expireDate ? team.expireDate.getTime() : null,
    teamExpire: isExpired(team.expireDate),
    userTeamRole: role,
    abilities: teamAbilitiesOf(membership),
  };
};
