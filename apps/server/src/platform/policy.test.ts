/**
 * The policy's whole matrix: every action × every role × every kind of subject, and the expiry rule
 * for writes. A new action without a row here fails the first test. (team-policy.test.ts checks the
 * same rules through the HTTP API.)
 */
import { Code, type TeamRole } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import type { TeamRow } from '../db/schema.ts';
import { AppError } from './errors.ts';
import type { Membership } from './membership.ts';
import {
  aiJobAbilitiesOf,
  courseAbilitiesOf,
  lessonCollabMode,
  memberAbilitiesOf,
  teamAbilitiesOf,
} from './abilities.ts';
import { canLearn, canReadLesson, canViewListing } from './lesson-rights.ts';
import {
  POLICY,
  allows,
  authorize,
  can,
  type CommentSubject,
  type MemberSubject,
  type TeamAction,
  type Who,
} from './policy.ts';

const ME = 1;
const team = (expired = false) =>
  ({ id: 7, expireDate: expired ? new Date(Date.now() - 1000) : null }) as unknown as TeamRow;
const who = (role: TeamRole, expired = false): Who => ({
  actor: { user: { id: ME } },
  membership: { team: team(expired), role } satisfies Membership,
});

const ROLES: TeamRole[] = ['OWNER', 'ADMIN', 'MEMBER'];
/** The answer code per role: 200 allowed, anything else the code the API refuses with. */
type Row = Record<TeamRole, number>;
const row = (owner: number, admin: number, member: number): Row => ({
  OWNER: owner,
  ADMIN: admin,
  MEMBER: member,
});
const OK = Code.OK;
const NO = Code.FORBIDDEN;

const decision = (run: () => void): number => {
  try {
    run();
    return OK;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
};

const TEAM_ACTIONS: Record<string, { row: Row; write: boolean }> = {
  'team.view': { row: row(OK, OK, OK), write: false },
  'team.manage': { row: row(OK, OK, NO), write: false },
  'team.modify': { row: row(OK, OK, NO), write: true },
  'team.invite': { row: row(OK, OK, NO), write: true },
  'team.access': { row: row(OK, OK, NO), write: true },
  'team.inviteAdmin': { row: row(OK, NO, NO), write: true },
  'team.viewInvitations': { row: row(OK, OK, NO), write: false },
  'team.cancelInvitation': { row: row(OK, OK, NO), write: true },
  'team.leave': { row: row(Code.OWNER_MUST_TRANSFER, OK, OK), write: false },
  'team.sales': { row: row(OK, OK, NO), write: false },
  'course.create': { row: row(OK, OK, OK), write: true },
  'order.create': { row: row(OK, OK, OK), write: true },
  'coupon.view': { row: row(OK, OK, NO), write: false },
  'coupon.manage': { row: row(OK, OK, NO), write: true },
  'refund.request': { row: row(OK, OK, NO), write: true },
  'refund.view': { row: row(OK, OK, NO), write: false },
  'refund.decide': { row: row(OK, OK, NO), write: false },
  'invoice.request': { row: row(OK, OK, NO), write: true },
  'invoice.view': { row: row(OK, OK, NO), write: false },
  'invoice.issue': { row: row(OK, OK, NO), write: false },
  'ai.create': { row: row(OK, OK, OK), write: true },
  'ai.assist': { row: row(OK, OK, OK), write: true },
  'ai.usage': { row: row(OK, OK, OK), write: false },
  'ai.usageByMember': { row: row(OK, OK, NO), write: false },
  'learn.study': { row: row(OK, OK, OK), write: false },
  'learn.report': { row: row(OK, OK, NO), write: false },
  'training.manage': { row: row(OK, OK, NO), write: true },
  'training.view': { row: row(OK, OK, NO), write: false },
  'training.study': { row: row(OK, OK, OK), write: false },
  'training.report': { row: row(OK, OK, NO), write: false },
  'media.upload': { row: row(OK, OK, OK), write: true },
  'media.view': { row: row(OK, OK, OK), write: false },
  'attachment.view': { row: row(OK, OK, OK), write: false },
  'comment.view': { row: row(OK, OK, OK), write: false },
  'comment.create': { row: row(OK, OK, OK), write: true },
  'question.view': { row: row(OK, OK, NO), write: false },
  'question.manage': { row: row(OK, OK, NO), write: true },
  'exam.view': { row: row(OK, OK, NO), write: false },
  'exam.manage': { row: row(OK, OK, NO), write: true },
  'exam.take': { row: row(OK, OK, OK), write: false },
};

const SELF: MemberSubject = { userId: ME, role: null };
const target = (role: TeamRole | null): MemberSubject => ({ userId: 2, role });
/** Per member action: the subject kinds and the answer per acting role. */
const MEMBER_ACTIONS: Record<string, [string, MemberSubject, Row][]> = {
  'member.remove': [
    ['a MEMBER', target('MEMBER'), row(OK, OK, NO)],
    ['an ADMIN', target('ADMIN'), row(OK, NO, NO)],
    ['the OWNER', target('OWNER'), row(Code.CANNOT_REMOVE_OWNER, Code.CANNOT_REMOVE_OWNER, NO)],
    ['oneself', { ...SELF, role: 'ADMIN' }, row(Code.CANNOT_REMOVE_SELF, Code.CANNOT_REMOVE_SELF, NO)],
    ['no member', target(null), row(Code.NOT_FOUND, Code.NOT_FOUND, NO)],
  ],
  'member.changeRole': [
    ['a MEMBER', target('MEMBER'), row(OK, NO, NO)],
    ['an ADMIN', target('ADMIN'), row(OK, NO, NO)],
    ['the OWNER', target('OWNER'), row(Code.CANNOT_CHANGE_OWNER_ROLE, NO, NO)],
    ['oneself', { ...SELF, role: 'OWNER' }, row(Code.CANNOT_CHANGE_OWN_ROLE, NO, NO)],
    ['no member', target(null), row(Code.NOT_FOUND, NO, NO)],
  ],
  'member.transferOwner': [
    ['a MEMBER', target('MEMBER'), row(OK, NO, NO)],
    ['an ADMIN', target('ADMIN'), row(OK, NO, NO)],
    ['oneself', { ...SELF, role: 'OWNER' }, row(Code.ALREADY_OWNER, NO, NO)],
    ['no member', target(null), row(Code.NOT_FOUND, NO, NO)],
  ],
};

/** Actions on a course or on an AI job: its author (who started the job), or OWNER/ADMIN. */
const COURSE_ACTIONS = [
  'course.edit',
  'course.release',
  'course.share',
  'course.delete',
  'ai.outline',
  'ai.generate',
  'ai.retry',
  'ai.cancel',
  'ai.translate',
  'attachment.edit',
  'courseExam.manage',
] as const;
/** Reads on a course (allowed in an expired team): who may edit it may see them. */
const COURSE_READS = ['courseExam.view'] as const;
const COURSE_SUBJECTS: [string, { authorId: number }, Row][] = [
  ['their own course or job', { authorId: ME }, row(OK, OK, OK)],
  ["someone else's course or job", { authorId: 2 }, row(OK, OK, NO)],
];

/** Review comments: resolving is the comment's or the course's author's, or a manager's; deleting the comment's author's or a manager's. */
const COMMENT_SUBJECTS: [string, CommentSubject, { resolve: Row; delete: Row }][] = [
  [
    'their own comment',
    { authorId: ME, courseAuthorId: 2 },
    { resolve: row(OK, OK, OK), delete: row(OK, OK, OK) },
  ],
  [
    "another's comment on their course",
    { authorId: 2, courseAuthorId: ME },
    { resolve: row(OK, OK, OK), delete: row(OK, OK, NO) },
  ],
  [
    "another's comment on another's course",
    { authorId: 2, courseAuthorId: 3 },
    { resolve: row(OK, OK, NO), delete: row(OK, OK, NO) },
  ],
  [
    'a comment whose author left',
    { authorId: null, courseAuthorId: 3 },
    { resolve: row(OK, OK, NO), delete: row(OK, OK, NO) },
  ],
];

const ORDER_SUBJECTS: [string, { buyerId: number }, Row][] = [
  ['their own order', { buyerId: ME }, row(OK, OK, OK)],
  ["another member's order", { buyerId: 2 }, row(OK, OK, NO)],
];

describe('the policy', () => {
  it('has a row in this test for every action it knows', () => {
    const tested = [
      ...Object.keys(TEAM_ACTIONS),
      ...Object.keys(MEMBER_ACTIONS),
      ...COURSE_ACTIONS,
      ...COURSE_READS,
      'order.cancel',
      'comment.resolve',
      'comment.delete',
    ];
    expect(Object.keys(POLICY).sort()).toEqual(tested.sort());
  });

  for (const [action, { row: expected, write }] of Object.entries(TEAM_ACTIONS)) {
    const a = action as TeamAction;
    it(`${action}: ${ROLES.map((r) => `${r}→${expected[r]}`).join(', ')}; expired team: ${write ? 'refused' : 'allowed'}`, () => {
      for (const role of ROLES) {
        const w = who(role);
        const seen = decision(() => authorize(w, a));
        expect({ role, seen }).toEqual({ role, seen: expected[role] });
        expect(can(w, a)).toBe(expected[role] === OK);
        // The same answer from a bare membership: team actions depend on the role alone.
        expect(allows(w.membership, a)).toBe(expected[role] === OK);
        const old = who(role, true);
        const whenExpired = decision(() => authorize(old, a));
        const wanted = expected[role] !== OK ? expected[role] : write ? Code.TEAM_EXPIRED : OK;
        expect({ role, whenExpired }).toEqual({ role, whenExpired: wanted });
        expect(allows(old, a)).toBe(expected[role] === OK);
      }
    });
  }

  for (const [action, subjects] of Object.entries(MEMBER_ACTIONS)) {
    for (const [name, subject, expected] of subjects) {
      it(`${action} on ${name}: ${ROLES.map((r) => `${r}→${expected[r]}`).join(', ')}`, () => {
        for (const role of ROLES) {
          const w = who(role);
          const seen = decision(() => authorize(w, action as 'member.remove', subject));
          expect({ role, seen }).toEqual({ role, seen: expected[role] });
          const old = who(role, true);
          const whenExpired = decision(() => authorize(old, action as 'member.remove', subject));
          expect({ role, whenExpired }).toEqual({
            role,
            whenExpired: expected[role] === OK ? Code.TEAM_EXPIRED : expected[role],
          });
        }
      });
    }
  }

  for (const action of COURSE_ACTIONS) {
    for (const [name, course, expected] of COURSE_SUBJECTS) {
      it(`${action} on ${name}: ${ROLES.map((r) => `${r}→${expected[r]}`).join(', ')}`, () => {
        for (const role of ROLES) {
          const w = who(role);
          expect({ role, seen: decision(() => authorize(w, action, course)) }).toEqual({
            role,
            seen: expected[role],
          });
          const old = who(role, true);
          expect({ role, expired: decision(() => authorize(old, action, course)) }).toEqual({
            role,
            expired: expected[role] === OK ? Code.TEAM_EXPIRED : expected[role],
          });
        }
      });
    }
  }

  for (const action of COURSE_READS) {
    for (const [name, course, expected] of COURSE_SUBJECTS) {
      it(`${action} on ${name}: ${ROLES.map((r) => `${r}→${expected[r]}`).join(', ')}; expired team: allowed`, () => {
        for (const role of ROLES) {
          expect({ role, seen: decision(() => authorize(who(role), action, course)) }).toEqual({
            role,
            seen: expected[role],
          });
          expect({ role, expired: decision(() => authorize(who(role, true), action, course)) }).toEqual({
            role,
            expired: expected[role],
          });
        }
      });
    }
  }

  for (const [name, comment, expected] of COMMENT_SUBJECTS) {
    for (const action of ['comment.resolve', 'comment.delete'] as const) {
      const wanted = action === 'comment.resolve' ? expected.resolve : expected.delete;
      it(`${action} on ${name}: ${ROLES.map((r) => `${r}→${wanted[r]}`).join(', ')}; expired team: refused`, () => {
        for (const role of ROLES) {
          expect({ role, seen: decision(() => authorize(who(role), action, comment)) }).toEqual({
            role,
            seen: wanted[role],
          });
          expect({ role, expired: decision(() => authorize(who(role, true), action, comment)) }).toEqual({
            role,
            expired: wanted[role] === OK ? Code.TEAM_EXPIRED : wanted[role],
          });
        }
      });
    }
  }

  for (const [name, order, expected] of ORDER_SUBJECTS) {
    it(`order.cancel on ${name}: ${ROLES.map((r) => `${r}→${expected[r]}`).join(', ')}; expired team: allowed`, () => {
      for (const role of ROLES) {
        expect({ role, seen: decision(() => authorize(who(role), 'order.cancel', order)) }).toEqual({
          role,
          seen: expected[role],
        });
        expect({ role, expired: decision(() => authorize(who(role, true), 'order.cancel', order)) }).toEqual({
          role,
          expired: expected[role],
        });
      }
    });
  }

  it('abilities in payloads are the role rules, without the expiry', () => {
    const old = who('ADMIN', true);
    expect(teamAbilitiesOf(old.membership)).toEqual({
      manage: true,
      modify: true,
      invite: true,
      inviteAdmin: false,
      leave: true,
      sales: true,
      coupons: true,
      access: true,
    });
    expect(teamAbilitiesOf(who('MEMBER').membership)).toEqual({
      manage: false,
      modify: false,
      invite: false,
      inviteAdmin: false,
      leave: true,
      sales: false,
      coupons: false,
      access: false,
    });
    expect(memberAbilitiesOf(who('ADMIN'), target('MEMBER'))).toEqual({
      remove: true,
      changeRole: false,
      transferOwner: false,
    });
    expect(memberAbilitiesOf(who('OWNER'), target('ADMIN'))).toEqual({
      remove: true,
      changeRole: true,
      transferOwner: true,
    });
    expect(memberAbilitiesOf(who('OWNER'), { userId: ME, role: 'OWNER' })).toEqual({
      remove: false,
      changeRole: false,
      transferOwner: false,
    });
    expect(courseAbilitiesOf(who('MEMBER'), { authorId: 2 })).toEqual({
      edit: false,
      release: false,
      share: false,
      delete: false,
    });
    expect(courseAbilitiesOf(old, { authorId: 2 })).toEqual({
      edit: true,
      release: true,
      share: true,
      delete: true,
    });
  });

  it("an AI job's abilities: its author or a manager, whatever the expiry", () => {
    const none = { outline: false, generate: false, retry: false, cancel: false };
    const all = { outline: true, generate: true, retry: true, cancel: true };
    expect(aiJobAbilitiesOf(who('MEMBER'), { authorId: 2 })).toEqual(none);
    expect(aiJobAbilitiesOf(who('MEMBER'), { authorId: ME })).toEqual(all);
    expect(aiJobAbilitiesOf(who('ADMIN'), { authorId: 2 })).toEqual(all);
    expect(aiJobAbilitiesOf(who('OWNER', true), { authorId: 2 })).toEqual(all);
  });

  it('a listed course is open to all; unlisted, only to teams that hold it', () => {
    expect(canViewListing({ listed: true, entitled: false })).toBe(true);
    expect(canViewListing({ listed: false, entitled: true })).toBe(true);
    expect(canViewListing({ listed: false, entitled: false })).toBe(false);
  });

  it("a lesson's content is for teams that hold the course, free previews for everyone", () => {
    expect(canReadLesson({ entitled: true, freePreview: false })).toBe(true);
    expect(canReadLesson({ entitled: false, freePreview: true })).toBe(true);
    expect(canReadLesson({ entitled: false, freePreview: false })).toBe(false);
  });

  it('a team learns what it bought (even unlisted) and its own courses while listed', () => {
    expect(canLearn({ bought: true, ownTeam: false, listed: false })).toBe(true);
    expect(canLearn({ bought: false, ownTeam: true, listed: true })).toBe(true);
    expect(canLearn({ bought: false, ownTeam: true, listed: false })).toBe(false);
    expect(canLearn({ bought: false, ownTeam: false, listed: true })).toBe(false);
  });

  it('live co-editing: edit for who may edit the course, read for the rest of the team and an expired team, refused elsewhere', () => {
    const own = { teamId: 7, authorId: ME };
    const others = { teamId: 7, authorId: 99 };
    expect(ROLES.map((r) => lessonCollabMode(who(r), own))).toEqual(['edit', 'edit', 'edit']);
    expect(ROLES.map((r) => lessonCollabMode(who(r), others))).toEqual(['edit', 'edit', 'read']);
    expect(ROLES.map((r) => lessonCollabMode(who(r, true), own))).toEqual(['read', 'read', 'read']);
    expect(lessonCollabMode(who('OWNER'), { teamId: 8, authorId: ME })).toBeNull();
    expect(lessonCollabMode(who('OWNER'), null)).toBeNull();
  });
});
