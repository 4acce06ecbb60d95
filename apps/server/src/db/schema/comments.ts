/**
 * Review comments on draft lessons (modules/comments). Kept apart from `lessons.content`, so no
 * reader, share, store page, release snapshot or player can ever carry them. One table holds threads
 * (`thread_id` null: their anchor, quote and resolution) and their replies.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { courses, lessons } from './courses.ts';
import { teams } from './teams.ts';
import { ts } from './columns.ts';

export const lessonComments = pgTable(
  'lesson_comments',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** A deleted lesson takes its comments with it. */
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** null: this row is a thread (its first comment); else the thread this reply belongs to. */
    threadId: integer('thread_id').references((): AnyPgColumn => lessonComments.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: varchar('body', { length: 2000 }).notNull(),
    /** Base64 Yjs relative positions from the editor, opaque here (threads only; '' on replies). */
    anchorStart: varchar('anchor_start', { length: 256 }).notNull().default(''),
    anchorEnd: varchar('anchor_end', { length: 256 }).notNull().default(''),
    quote: varchar('quote', { length: 200 }).notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('lesson_comments_lesson_idx').on(t.lessonId, t.createdAt),
    index('lesson_comments_thread_idx').on(t.threadId),
    // A course's open threads: the course page's list and the release check.
    index('lesson_comments_open_idx')
      .on(t.teamId, t.courseId)
      .where(sql`${t.threadId} is null and ${t.resolvedAt} is null`),
  ],
);
export type LessonCommentRow = typeof lessonComments.$inferSelect;

/** Who a comment @mentions (members of its team when written), and when they read it. */
export const lessonCommentMentions = pgTable(
  'lesson_comment_mentions',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => lessonComments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    index('lesson_comment_mentions_user_idx').on(t.userId, t.teamId, t.createdAt),
  ],
);
