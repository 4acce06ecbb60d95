/**
 * Files on lessons (modules/attachments): the draft's list, and what each release published. A
 * release copies the list (names and order as then) into `lesson_attachment_releases`, so learners
 * read a release's files as releases read lessons: never the draft.
 */
import { sql } from 'drizzle-orm';
import type { AttachmentKind } from '@studio/contract';
import { bigint, index, integer, pgTable, pgView, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { courseReleases, courses } from './courses.ts';
import { teams } from './teams.ts';
import { ts } from './columns.ts';

export const lessonAttachments = pgTable(
  'lesson_attachments',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** No foreign key: a deleted lesson's files stay while a release still lists them. */
    lessonId: integer('lesson_id').notNull(),
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    /** The uploaded name, cleaned for display; never part of a path or key. */
    name: varchar('name', { length: 120 }).notNull(),
    kind: varchar('kind', { length: 12 }).$type<AttachmentKind>().notNull(),
    /** From the bytes (file-type), never from the client. */
    contentType: varchar('content_type', { length: 120 }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** `attachments/<team>/<random>/file`: the storage's key, chosen by us. */
    storageKey: varchar('storage_key', { length: 120 }).notNull(),
    position: integer('position').notNull().default(0),
    /** Removed from the draft while a release still lists it: its file is kept for that release. */
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('lesson_attachments_lesson_idx').on(t.lessonId, t.position),
    index('lesson_attachments_team_idx').on(t.teamId),
  ],
);
export type LessonAttachmentRow = typeof lessonAttachments.$inferSelect;

export const lessonAttachmentReleases = pgTable(
  'lesson_attachment_releases',
  {
    releaseId: integer('release_id')
      .notNull()
      .references(() => courseReleases.id, { onDelete: 'cascade' }),
    attachmentId: integer('attachment_id')
      .notNull()
      .references(() => lessonAttachments.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id').notNull(),
    /** The name and place as released: a rename in the draft waits for the next release. */
    name: varchar('name', { length: 120 }).notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.attachmentId] }),
    index('lesson_attachment_releases_lesson_idx').on(t.releaseId, t.lessonId, t.position),
    index('lesson_attachment_releases_attachment_idx').on(t.attachmentId),
  ],
);

/**
 * Offered to assets (modules/attachments/README.md): the bytes each team's attachments hold against the
 * one asset quota (those kept for a release included).
 */
export const attachmentHeldBytes = pgView('attachment_held_bytes', {
  id: integer('id').notNull(),
  teamId: integer('team_id').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
}).as(sql`select id, team_id, size_bytes from lesson_attachments`);
