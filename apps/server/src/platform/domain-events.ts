/**
 * Domain events inside one process and one transaction: the module that owns a change publishes it
 * with the handle of its transaction, and the handlers (subscribed when app.ts builds the app) run
 * there, before commit, so what they write commits or rolls back with the change. A module learns of
 * another's changes this way without importing it (the store search: modules/search/index.ts).
 * Cross-process notices are `events.ts` (LISTEN/NOTIFY), which carries no transaction.
 */
import type { Db } from '../db/client.ts';

export type DomainEvent =
  /** A release (or a rollback to an earlier one) is now the course's store version: title, price… */
  | {
      type: 'course.released';
      courseId: number;
      /** The new release's row. */
      releaseId: number;
      /** A rollback: the earlier release it publishes again (its attachments are copied from there). */
      fromReleaseId?: number;
    }
  /** The course left the store (下架). */
  | { type: 'course.unreleased'; courseId: number }
  /** The course was deleted: gone, or (sold) kept for its buyers but out of every list and the store. */
  | { type: 'course.deleted'; courseId: number }
  | { type: 'team.renamed'; teamId: number; teamName: string }
  /** A course's sales count (store: a grant counts a sale, a refund takes it back) is now `sales`. */
  | { type: 'sales.changed'; courseId: number; sales: number }
  /** Someone was invited into a team (teams); they are not its member yet. */
  | { type: 'team.invited'; teamId: number; teamName: string; userId: number; inviterName: string }
  /** A join request waits for the team's OWNER/ADMIN (`adminIds`). */
  | {
      type: 'team.joinRequested';
      teamId: number;
      requestId: number;
      requesterName: string;
      adminIds: number[];
    }
  /** A refund was approved or refused (store); `userId` applied for it. */
  | {
      type: 'refund.decided';
      teamId: number;
      userId: number;
      orderId: number;
      courseTitle: string;
      approved: boolean;
    }
  /** An invoice was issued (store); `userId` applied for it. */
  | {
      type: 'invoice.issued';
      teamId: number;
      userId: number;
      invoiceId: number;
      orderId: number;
      title: string;
    }
  /** A comment named members (`userIds`, @mentions) or answered a thread they wrote in (comments). */
  | {
      type: 'comment.posted';
      teamId: number;
      authorName: string;
      courseId: number;
      lessonId: number | null;
      threadId: number;
      mentionedIds: number[];
      repliedIds: number[];
    }
  /** A learning task now reaches these members (training): a new task, or members added to it. */
  | {
      type: 'task.assigned';
      teamId: number;
      taskId: number;
      title: string;
      dueDay: string;
      userIds: number[];
    }
  /** A reminder of the schedule (training): the due day is near, or it has passed, and `userId` is not done. */
  | {
      type: 'task.remind';
      teamId: number;
      taskId: number;
      title: string;
      dueDay: string;
      userId: number;
      when: 'dueSoon' | 'overdue';
    }
  /** An exam attempt was graded (exams); `teamId` is the learner's team. */
  | {
      type: 'exam.graded';
      teamId: number;
      userId: number;
      examId: number;
      attemptId: number;
      title: string;
      score: number;
      passed: boolean;
      /** A course exam's course (passing it may complete the course), else null. */
      courseId: number | null;
      /** The learner's name and team's name, as a certificate issued now names them. */
      learnerName: string;
      teamName: string;
    }
  /** A transcode finished or failed for good (media); `userId` uploaded it. */
  | { type: 'media.transcoded'; teamId: number; userId: number; mediaId: number; name: string; ok: boolean }
  /** An AI job finished or failed for good (ai); `userId` started it. */
  | { type: 'ai.finished'; teamId: number; userId: number; jobId: number; title: string; ok: boolean };

export type DomainEventType = DomainEvent['type'];
type Handler<K extends DomainEventType> = (db: Db, event: Extract<DomainEvent, { type: K }>) => Promise<void>;

export class DomainEvents {
  private readonly handlers = new Map<DomainEventType, ((db: Db, event: DomainEvent) => Promise<void>)[]>();

  on<K extends DomainEventType>(type: K, handler: Handler<K>): void {
    const list = this.handlers.get(type) ?? [];
    // Only events of `type` reach it (publish looks them up by their type).
    list.push(handler as (db: Db, event: DomainEvent) => Promise<void>);
    this.handlers.set(type, list);
  }

  /** Runs every handler of the event in turn, in `db` (the publisher's transaction); a failure rolls it back. */
  async publish(db: Db, event: DomainEvent): Promise<void> {
    for (const handler of this.handlers.get(event.type) ?? []) await handler(db, event);
  }
}
