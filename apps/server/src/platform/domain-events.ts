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
  /** The course left the store (下架). A deletion is seen by the database itself (migration 0010). */
  | { type: 'course.unreleased'; courseId: number }
  | { type: 'team.renamed'; teamId: number; teamName: string };

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
