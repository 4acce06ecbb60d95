/**
 * Live co-editing (modules/collab): each lesson's Yjs state, beside the Tiptap JSON in `lessons` that
 * is derived from it (both written in one transaction). No row: the lesson was never opened live, or
 * was changed outside the live document since; the server builds the state from the JSON once.
 */
import { customType, integer, pgTable } from 'drizzle-orm/pg-core';
import { lessons } from './courses.ts';
import { ts } from './columns.ts';

const bytea = customType<{ data: Uint8Array; driverData: Buffer }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

export const lessonYdoc = pgTable('lesson_ydoc', {
  lessonId: integer('lesson_id')
    .primaryKey()
    .references(() => lessons.id, { onDelete: 'cascade' }),
  state: bytea('state').notNull(),
  /** The state's size in bytes (what the per-document cap measures). */
  size: integer('size').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type LessonYdocRow = typeof lessonYdoc.$inferSelect;
