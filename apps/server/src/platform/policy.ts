/**
 * Who may do what inside a team: the one place for the role matrix of PRODUCT.md. Handlers call
 * `authorize(membership, action)`; the web asks the server instead of repeating these rules.
 */
import { Code, type TeamRole } from '@studio/contract';
import { AppError } from './errors.ts';
import { isExpired, type Membership } from './membership.ts';

const ALL: readonly TeamRole[] = ['OWNER', 'ADMIN', 'MEMBER'];
const MANAGERS: readonly TeamRole[] = ['OWNER', 'ADMIN'];
const OWNER: readonly TeamRole[] = ['OWNER'];

export const TEAM_POLICY = {
  'team.view': ALL,
  'team.modify': MANAGERS,
  'team.invite': MANAGERS,
  // Pending invitations of the team (sent by search): who may invite sees and cancels them.
  'team.viewInvitations': MANAGERS,
  'team.cancelInvitation': MANAGERS,
  'team.removeMember': MANAGERS,
  'team.removeAdmin': OWNER,
  'team.changeRole': OWNER,
  'team.transferOwner': OWNER,
  'team.leave': ['ADMIN', 'MEMBER'],
  'team.sales': MANAGERS,
} as const satisfies Record<string, readonly TeamRole[]>;

export type TeamAction = keyof typeof TEAM_POLICY;

/** Reading stays allowed in an expired team; everything else is a write. */
const READS: ReadonlySet<TeamAction> = new Set([
  'team.view',
  'team.leave',
  'team.sales',
  'team.viewInvitations',
]);

export const can = (role: TeamRole, action: TeamAction): boolean =>
  (TEAM_POLICY[action] as readonly TeamRole[]).includes(role);

export function authorize(membership: Membership, action: TeamAction): void {
  if (!can(membership.role, action)) {
    throw new AppError(action === 'team.leave' ? Code.OWNER_MUST_TRANSFER : Code.FORBIDDEN);
  }
  if (!READS.has(action) && isExpired(membership.team.expireDate)) throw new AppError(Code.TEAM_EXPIRED);
}

export type CourseAction = 'course.edit' | 'course.release' | 'course.share';

/** OWNER and ADMIN act on every course of the team; a MEMBER only on the courses they wrote. */
export const canOnCourse = (membership: Membership, actorId: number, course: { authorId: number }): boolean =>
  can(membership.role, 'team.modify') || course.authorId === actorId;

export function authorizeCourse(membership: Membership, actorId: number, course: { authorId: number }): void {
  if (!canOnCourse(membership, actorId, course)) throw new AppError(Code.FORBIDDEN);
  authorizeWrite(membership);
}

/** Any write inside the team (creating a course too): refused while the team is expired. */
export function authorizeWrite(membership: Membership): void {
  if (isExpired(membership.team.expireDate)) throw new AppError(Code.TEAM_EXPIRED);
}
