/**
 * The teams module's face: the only file other modules import from modules/teams (modules/media and
 * modules/attachments still reach teams.service.ts until their rework). Auth shows the last team,
 * collab re-checks memberships, comments checks that mentioned users are members.
 */
export { currentLastTeam, toLastTeam } from './last-team.service.ts';
export { heldMemberships } from './membership-check.service.ts';
export { findUserMembership, teamMemberIdsAmong } from './teams.service.ts';
