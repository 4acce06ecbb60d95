/**
 * What the policy's action table (`policy.ts`) answers for payloads: the abilities sent with team,
 * member, course and AI job payloads, and a live lesson's editing mode.
 */
import type { AiJobAbilities, CourseAbilities, MemberAbilities, TeamAbilities } from '@studio/contract';
import type { Membership } from './membership.ts';
import {
  allows,
  can,
  type AiJobSubject,
  type CourseSubject,
  type MemberSubject,
  type Who,
} from './policy.ts';

/** The team's abilities for its payloads; team actions depend on the role alone. */
export const teamAbilitiesOf = (membership: Membership): TeamAbilities => ({
  manage: allows(membership, 'team.manage'),
  modify: allows(membership, 'team.modify'),
  invite: allows(membership, 'team.invite'),
  inviteAdmin: allows(membership, 'team.inviteAdmin'),
  leave: allows(membership, 'team.leave'),
  sales: allows(membership, 'team.sales'),
  coupons: allows(membership, 'coupon.manage'),
  access: allows(membership, 'team.access'),
});

export const memberAbilitiesOf = (who: Who, member: MemberSubject): MemberAbilities => ({
  remove: allows(who, 'member.remove', member),
  changeRole: allows(who, 'member.changeRole', member),
  transferOwner: allows(who, 'member.transferOwner', member),
});

export const courseAbilitiesOf = (who: Who, course: CourseSubject): CourseAbilities => ({
  edit: allows(who, 'course.edit', course),
  release: allows(who, 'course.release', course),
  share: allows(who, 'course.share', course),
  delete: allows(who, 'course.delete', course),
});

export const aiJobAbilitiesOf = (who: Who, job: AiJobSubject): AiJobAbilities => ({
  outline: allows(who, 'ai.outline', job),
  generate: allows(who, 'ai.generate', job),
  retry: allows(who, 'ai.retry', job),
  cancel: allows(who, 'ai.cancel', job),
});

/** A lesson opened for live co-editing, as far as permissions go: its course's team and author. */
export type CollabLessonSubject = { teamId: number; authorId: number };

/**
 * Live co-editing of a lesson (modules/collab): 'edit' for whoever may edit the course now, 'read'
 * for the other members of its team and for everyone while the team is expired, null (refused) for
 * no lesson or another team's.
 */
export function lessonCollabMode(who: Who, lesson: CollabLessonSubject | null): 'edit' | 'read' | null {
  if (!lesson || lesson.teamId !== who.membership.team.id) return null;
  return can(who, 'course.edit', { authorId: lesson.authorId }) ? 'edit' : 'read';
}
