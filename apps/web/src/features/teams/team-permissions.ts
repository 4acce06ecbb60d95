import type { TeamRole, TeamUser } from '@studio/contract';

/**
 * What the current user may do in the current team (PRODUCT.md role matrix). The server enforces
 * it; the interface only hides or disables what would be refused. An expired team is read-only:
 * every write is off, leaving and switching stay.
 */
export interface TeamAbilities {
  /** Sees the management tools at all (OWNER, ADMIN), even when an expired team disables them. */
  manager: boolean;
  modify: boolean;
  invite: boolean;
  /** Invite links that make the newcomer ADMIN hand out a role: OWNER only. */
  inviteAdmin: boolean;
  /** The OWNER must transfer ownership first. */
  leave: boolean;
}

export const teamAbilities = (role: TeamRole, expired: boolean): TeamAbilities => {
  const manager = role === 'OWNER' || role === 'ADMIN';
  return {
    manager,
    modify: manager && !expired,
    invite: manager && !expired,
    inviteAdmin: role === 'OWNER' && !expired,
    leave: role !== 'OWNER',
  };
};

export type MemberAction = 'makeAdmin' | 'makeMember' | 'transfer' | 'remove';

/**
 * The actions shown on one member's row for a viewer with `role` (whose id is `selfId`). Nobody acts
 * on themselves or on the OWNER; ADMINs remove MEMBERs only; roles and ownership are the OWNER's.
 */
export const memberActions = (role: TeamRole, selfId: number, target: TeamUser): MemberAction[] => {
  if (target.userId === selfId || target.userTeamRole === 'OWNER' || role === 'MEMBER') return [];
  if (role === 'ADMIN') return target.userTeamRole === 'MEMBER' ? ['remove'] : [];
  return [target.userTeamRole === 'ADMIN' ? 'makeMember' : 'makeAdmin', 'transfer', 'remove'];
};
