/**
 * Who may do what: the one home of every permission rule (PRODUCT.md's role matrix, the rules on
 * members and courses). Services call `authorize(who, action, subject)`; presenters send what
 * `abilities.ts` derives from it with team, member and course payloads, so the web asks instead of
 * repeating these rules; who reads a released or shared lesson is `lesson-rights.ts`. Each action has a rule (role and subject) and says whether it is a write:
 * writes are also refused while the team is expired (read-only); reads never are.
 */
import { Code, type CodeValue, type TeamRole } from '@studio/contract';
import { AppError } from './errors.ts';
import { isExpired, type Membership } from './membership.ts';

/** The acting user inside their current team (a `TeamCtx` is one). */
export type Who = { actor: { user: { id: number } }; membership: Membership };

/** A member acted on: their id and role, `null` when they are not in the team. */
export type MemberSubject = { userId: number; role: TeamRole | null };
/** A course of the team, as far as permissions go: who wrote it. */
export type CourseSubject = { authorId: number };
/** An AI generation job of the team, as far as permissions go: who started it. */
export type AiJobSubject = { authorId: number };
/** A pending order of the team, by who placed it. */
export type OrderSubject = { buyerId: number };
/** A review comment on a lesson: who wrote it (null once their account is gone) and the course's author. */
export type CommentSubject = { authorId: number | null; courseAuthorId: number };

interface Subjects {
  'team.view': void;
  /** Sees the management tools (invitations, store figures) even while an expired team disables them. */
  'team.manage': void;
  'team.modify': void;
  'team.invite': void;
  /** An invitation (link or personal) that makes the newcomer ADMIN hands out a role: OWNER only. */
  'team.inviteAdmin': void;
  'team.viewInvitations': void;
  'team.cancelInvitation': void;
  /**
   * Who gets in: resetting or turning off the team code, 加入需审批, revoking invite links, approving
   * or declining join requests. Seeing the links and requests is `team.viewInvitations`.
   */
  'team.access': void;
  'team.leave': void;
  'team.sales': void;
  'member.remove': MemberSubject;
  'member.changeRole': MemberSubject;
  'member.transferOwner': MemberSubject;
  'course.create': void;
  'course.edit': CourseSubject;
  'course.release': CourseSubject;
  'course.share': CourseSubject;
  'course.delete': CourseSubject;
  /** Buying (cart, checkout, paying) for the team. */
  'order.create': void;
  /** Cancelling a pending order of the team: its buyer, or OWNER/ADMIN. */
  'order.cancel': OrderSubject;
  /** The seller's coupons: seeing them with their uses, creating and stopping them. */
  'coupon.view': void;
  'coupon.manage': void;
  /** Asking for a refund of a course the team bought, and seeing the team's refunds (either side). */
  'refund.request': void;
  'refund.view': void;
  /** Approving (money goes back, the buyer loses the course) or refusing a refund of the team's course. */
  'refund.decide': void;
  /** Asking for an invoice of an order the team paid, and seeing the team's invoices (either side). */
  'invoice.request': void;
  'invoice.view': void;
  /** Issuing an invoice for the team's courses (uploading its PDF). */
  'invoice.issue': void;
  /** Starting an AI generation job (it becomes a draft course of the one who started it). */
  'ai.create': void;
  /**
   * Acting on a job: editing its outline, writing its lessons into a course, retrying a lesson,
   * cancelling. Like course actions: the job's author, or OWNER/ADMIN.
   */
  'ai.outline': AiJobSubject;
  'ai.generate': AiJobSubject;
  'ai.retry': AiJobSubject;
  'ai.cancel': AiJobSubject;
  /** Translating a course into a new draft (AI 翻译): whoever may edit the course. */
  'ai.translate': CourseSubject;
  /** The editor's AI assist (it spends the team's AI use; its text is saved as a lesson edit). */
  'ai.assist': void;
  /** The team's AI use this month and before, against its budget: every member (it is why a run stops). */
  'ai.usage': void;
  /** Each member's AI use: OWNER/ADMIN, like the learning report. */
  'ai.usageByMember': void;
  /** Learning the team's courses: progress and quiz answers are the learner's own record. */
  'learn.study': void;
  /** The team learning report: every member's progress. */
  'learn.report': void;
  /** Member groups and learning tasks: making, editing, assigning, cancelling (OWNER/ADMIN). */
  'training.manage': void;
  /** The team's groups and tasks with every member's standing on them, like the learning report. */
  'training.view': void;
  /** 我的任务: a member's own tasks. */
  'training.study': void;
  /** Training reports (per task, course, member) and their exports: OWNER/ADMIN, like the learning report. */
  'training.report': void;
  /** Uploading video and audio for the team's lessons (it counts against the team's media quota). */
  'media.upload': void;
  /** Seeing the team's media, their transcoding and the team's media usage. */
  'media.view': void;
  /**
   * A lesson's attachments in the draft: uploading (counted in the team's media quota), renaming,
   * removing, reordering. Whoever may edit the lesson: the course's author, or OWNER/ADMIN.
   */
  'attachment.edit': CourseSubject;
  /** Seeing a draft lesson's attachments: every member who may open the lesson. */
  'attachment.view': void;
  /**
   * Review comments on a draft lesson. Reading and writing them (threads, replies, @mentions) is for
   * every member who may open the lesson, as history and attachments are: reviewers are usually not
   * the course's author, so MEMBERs comment on courses they may not edit.
   */
  'comment.view': void;
  'comment.create': void;
  /** Resolving or reopening a thread: its author, the course's author (`course.edit`'s rule), or OWNER/ADMIN. */
  'comment.resolve': CommentSubject;
  /** Deleting a comment (a thread's first comment takes its replies): its author, or OWNER/ADMIN. */
  'comment.delete': CommentSubject;
  /** The team's question bank: seeing it (and its export), and writing it (by hand or by import). */
  'question.view': void;
  'question.manage': void;
  /** The team's exams: seeing them with their results, and creating, editing, closing, deleting. */
  'exam.view': void;
  'exam.manage': void;
  /** Taking an exam open to the team: every member (their attempts are their own record). */
  'exam.take': void;
  /**
   * A course's exam (课程考试) and the questions it draws from: seeing and editing them is for whoever
   * may edit the course (its author, or OWNER/ADMIN); its learners take the released copy (`exam.take`).
   */
  'courseExam.view': CourseSubject;
  'courseExam.manage': CourseSubject;
}
export type Action = keyof Subjects;

/** Why an action is refused: the business code the API answers (its message is the contract's). */
type Denial = { code: CodeValue };
type Rule<S> = (role: TeamRole, userId: number, subject: S) => Denial | null;

const FORBIDDEN: Denial = { code: Code.FORBIDDEN };
const ok = null;
const roles =
  (...allowed: TeamRole[]): Rule<unknown> =>
  (role) =>
    allowed.includes(role) ? ok : FORBIDDEN;
const ALL = roles('OWNER', 'ADMIN', 'MEMBER');
const MANAGERS = roles('OWNER', 'ADMIN');
const OWNER = roles('OWNER');

/**
 * OWNER and ADMIN act on every course (and AI job) of the team; a MEMBER only on the ones they wrote
 * (started).
 */
const onCourse: Rule<CourseSubject | AiJobSubject> = (role, userId, course) =>
  MANAGERS(role, userId, course) && course.authorId !== userId ? FORBIDDEN : ok;

/** Nobody removes themselves (that is leaving) or the OWNER; only the OWNER removes an ADMIN. */
const removeMember: Rule<MemberSubject> = (role, userId, target) => {
  if (MANAGERS(role, userId, target)) return FORBIDDEN;
  if (target.userId === userId) return { code: Code.CANNOT_REMOVE_SELF };
  if (target.role === null) return { code: Code.NOT_FOUND };
  if (target.role === 'OWNER') return { code: Code.CANNOT_REMOVE_OWNER };
  return target.role === 'ADMIN' ? OWNER(role, userId, target) : ok;
};

/** Roles are the OWNER's to give, never their own or the OWNER's. */
const changeRole: Rule<MemberSubject> = (role, userId, target) => {
  if (OWNER(role, userId, target)) return FORBIDDEN;
  if (target.userId === userId) return { code: Code.CANNOT_CHANGE_OWN_ROLE };
  if (target.role === null) return { code: Code.NOT_FOUND };
  return target.role === 'OWNER' ? { code: Code.CANNOT_CHANGE_OWNER_ROLE } : ok;
};

const transferOwner: Rule<MemberSubject> = (role, userId, target) => {
  if (OWNER(role, userId, target)) return FORBIDDEN;
  if (target.userId === userId) return { code: Code.ALREADY_OWNER };
  return target.role === null ? { code: Code.NOT_FOUND } : ok;
};

const resolveComment: Rule<CommentSubject> = (role, userId, c) =>
  c.authorId === userId ? ok : onCourse(role, userId, { authorId: c.courseAuthorId });
const deleteComment: Rule<CommentSubject> = (role, userId, c) =>
  c.authorId === userId ? ok : MANAGERS(role, userId, c);

/** The buyer cancels their own order; OWNER/ADMIN any of the team's. */
const onOrder: Rule<OrderSubject> = (role, userId, order) =>
  order.buyerId === userId ? ok : MANAGERS(role, userId, order);

type Entry<S> = { write: boolean; rule: Rule<S> };
const read = <S>(rule: Rule<S>): Entry<S> => ({ write: false, rule });
const write = <S>(rule: Rule<S>): Entry<S> => ({ write: true, rule });

export const POLICY: { [A in Action]: Entry<Subjects[A]> } = {
  'team.view': read(ALL),
  'team.manage': read(MANAGERS),
  'team.modify': write(MANAGERS),
  'team.invite': write(MANAGERS),
  'team.inviteAdmin': write(OWNER),
  'team.viewInvitations': read(MANAGERS),
  'team.cancelInvitation': write(MANAGERS),
  'team.access': write(MANAGERS),
  // Leaving is allowed in an expired team; the OWNER must hand the team over first.
  'team.leave': read((role) => (role === 'OWNER' ? { code: Code.OWNER_MUST_TRANSFER } : ok)),
  'team.sales': read(MANAGERS),
  'member.remove': write(removeMember),
  'member.changeRole': write(changeRole),
  'member.transferOwner': write(transferOwner),
  'course.create': write(ALL),
  'course.edit': write(onCourse),
  'course.release': write(onCourse),
  'course.share': write(onCourse),
  'course.delete': write(onCourse),
  'order.create': write(ALL),
  // Allowed in an expired team: cancelling only stops a payment and frees a coupon use.
  'order.cancel': read(onOrder),
  'coupon.view': read(MANAGERS),
  'coupon.manage': write(MANAGERS),
  'refund.request': write(MANAGERS),
  'refund.view': read(MANAGERS),
  // Paying back is allowed in an expired team: the buyer's money must not wait for a renewal.
  'refund.decide': read(MANAGERS),
  'invoice.request': write(MANAGERS),
  'invoice.view': read(MANAGERS),
  // Like a refund, an invoice owed to a buyer is issued by an expired team too.
  'invoice.issue': read(MANAGERS),
  'ai.create': write(ALL),
  'ai.outline': write(onCourse),
  'ai.generate': write(onCourse),
  'ai.retry': write(onCourse),
  'ai.cancel': write(onCourse),
  'ai.translate': write(onCourse),
  'ai.assist': write(ALL),
  'ai.usage': read(ALL),
  'ai.usageByMember': read(MANAGERS),
  // An expired team keeps what it bought: its members still learn (their own record, not team data).
  'learn.study': read(ALL),
  'learn.report': read(MANAGERS),
  'training.manage': write(MANAGERS),
  'training.view': read(MANAGERS),
  // Like learning itself: an expired team's members still see what they were asked to learn.
  'training.study': read(ALL),
  'training.report': read(MANAGERS),
  'media.upload': write(ALL),
  'media.view': read(ALL),
  'attachment.edit': write(onCourse),
  'attachment.view': read(ALL),
  'comment.view': read(ALL),
  'comment.create': write(ALL),
  'comment.resolve': write(resolveComment),
  'comment.delete': write(deleteComment),
  'question.view': read(MANAGERS),
  'question.manage': write(MANAGERS),
  'exam.view': read(MANAGERS),
  'exam.manage': write(MANAGERS),
  // Like learning: an expired team's members still take its exams (their own record, not team data).
  'exam.take': read(ALL),
  'courseExam.view': read(onCourse),
  'courseExam.manage': write(onCourse),
};

type SubjectArg<A extends Action> = Subjects[A] extends void ? [] : [subject: Subjects[A]];
/** Actions on the team itself (no subject): they depend on the role alone, so a membership will do. */
export type TeamAction = { [A in Action]: Subjects[A] extends void ? A : never }[Action];
type Acting<A extends Action> = A extends TeamAction ? Who | Membership : Who;

const whoOf = (acting: Who | Membership): Who =>
  'membership' in acting ? acting : { actor: { user: { id: 0 } }, membership: acting };

function ruleFor<A extends Action>(acting: Who | Membership, action: A, subject: Subjects[A]): Denial | null {
  const who = whoOf(acting);
  return (POLICY[action] as Entry<Subjects[A]>).rule(who.membership.role, who.actor.user.id, subject);
}

function decide<A extends Action>(acting: Who | Membership, action: A, subject: Subjects[A]): Denial | null {
  const denial = ruleFor(acting, action, subject);
  if (denial) return denial;
  const { team } = whoOf(acting).membership;
  return POLICY[action].write && isExpired(team.expireDate) ? { code: Code.TEAM_EXPIRED } : ok;
}

/** Whether `who` may do `action` now (an expired team refuses every write). */
export const can = <A extends Action>(who: Acting<A>, action: A, ...subject: SubjectArg<A>): boolean =>
  decide(who, action, subject[0] as Subjects[A]) === null;

/** Throws the refusal's business code when `who` may not do `action`. */
export function authorize<A extends Action>(who: Acting<A>, action: A, ...subject: SubjectArg<A>): void {
  const denial = decide(who, action, subject[0] as Subjects[A]);
  if (denial) throw new AppError(denial.code);
}

/**
 * What the role allows on a subject, leaving out the expiry: payloads carry these, and the web
 * disables (rather than hides) a write while the team is expired (`teamExpire`), which says why.
 */
export const allows = <A extends Action>(who: Acting<A>, action: A, ...subject: SubjectArg<A>): boolean =>
  ruleFor(who, action, subject[0] as Subjects[A]) === null;
