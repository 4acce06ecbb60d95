/** Courses, lessons, immutable releases and share links. */
import {
  DEFAULT_COMPLETION,
  type CompletionSettings,
  type CourseCategory,
  type CoursePreview,
  type CourseStatus,
  type DocNode,
  type LessonRevisionReason,
} from '@studio/contract';
import { sql } from 'drizzle-orm';
import { users } from './accounts.ts';
import { teams } from './teams.ts';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    title: varchar('title', { length: 120 }).notNull(),
    subtitle: varchar('subtitle', { length: 240 }).notNull().default(''),
    summary: text('summary').notNull().default(''),
    cover: text('cover').notNull().default(''),
    category: varchar('category', { length: 20 }).$type<CourseCategory>(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    price: integer('price'),
    /** What completing the course means (its author's settings); each release keeps a copy. */
    completion: jsonb('completion').$type<CompletionSettings>().notNull().default(DEFAULT_COMPLETION),
    status: varchar('status', { length: 12 }).$type<CourseStatus>().notNull().default('draft'),
    version: integer('version').notNull().default(1),
    releasedVersion: integer('released_version'),
    /**
     * The draft's `updatedAt` when it was released; a later `updatedAt` means 有未发布的修改. Null after
     * a rollback (the store's version is then an older text than the draft's).
     */
    releasedAt: ts('released_at'),
    /** Paid order items of this course, kept with the grant in one transaction (store sort by sales). */
    sales: integer('sales').notNull().default(0),
    /**
     * Deleted by its team after it was sold: gone from the team's lists and the store (status
     * 下架), kept for its buyers (entitlements, releases) and for the orders and invoices naming it.
     * A course never ordered is deleted outright.
     */
    deletedAt: ts('deleted_at'),
    /** A translation (AI 翻译): its source course, its language, the source's content hash then. */
    translatedFromCourseId: integer('translated_from_course_id').references((): AnyPgColumn => courses.id, {
      onDelete: 'set null',
    }),
    translationLanguage: varchar('translation_language', { length: 35 }),
    translationSourceHash: varchar('translation_source_hash', { length: 64 }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('courses_team_idx').on(t.teamId, t.updatedAt),
    // The store's join and count read this instead of the course rows (released courses only).
    index('courses_translated_from_idx')
      .on(t.translatedFromCourseId)
      .where(sql`${t.translatedFromCourseId} is not null`),
    index('courses_listed_idx')
      .on(t.id, t.releasedVersion)
      .where(sql`${t.status} = 'released'`),
  ],
);

export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 120 }).notNull(),
    content: jsonb('content').$type<DocNode>().notNull(),
    position: integer('position').notNull(),
    durationMin: integer('duration_min').notNull().default(0),
    freePreview: boolean('free_preview').notNull().default(false),
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('lessons_course_idx').on(t.courseId, t.position)],
);

/** An immutable snapshot of a course as released; the store reads these, never the draft. */
export const courseReleases = pgTable(
  'course_releases',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    versionNo: integer('version_no').notNull(),
    snapshot: jsonb('snapshot').$type<CoursePreview>().notNull(),
    /** The snapshot's title, as a column so the store can search it with a trigram index. */
    title: varchar('title', { length: 120 }).notNull().default(''),
    /** The team's internal note (内部备注): release history only, never shown to buyers. */
    notes: text('notes').notNull().default(''),
    /** The public line (更新说明): the buy page's 更新日志 and the learner's course; '' writes none. */
    changelog: text('changelog').notNull().default(''),
    price: integer('price').notNull(),
    releasedBy: integer('released_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_releases_version_uq').on(t.courseId, t.versionNo),
    index('course_releases_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
    // The store's default order (newest first): the first page reads a dozen index entries.
    index('course_releases_created_idx').on(t.createdAt, t.courseId),
  ],
);

export const shares = pgTable(
  'shares',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    allowCopy: boolean('allow_copy').notNull().default(false),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('shares_course_idx').on(t.courseId)],
);

export type CourseRow = typeof courses.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;

/**
 * A lesson's text at a point of its history (title and content as saved). Saves by one author within
 * a few minutes land in the same open revision; a restore, a release and an AI assist close it, so
 * the next save opens a new one. Nothing is changed once closed; old ones are pruned (see
 * `lesson-history.service.ts`).
 */
export const lessonRevisions = pgTable(
  'lesson_revisions',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** Who wrote it; null for text written by the AI course generator. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    reason: varchar('reason', { length: 12 }).$type<LessonRevisionReason>().notNull(),
    /** The lesson version this revision holds. */
    version: integer('version').notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    content: jsonb('content').$type<DocNode>().notNull(),
    /** Closed revisions are never written again. */
    closed: boolean('closed').notNull().default(false),
    /** The revision a restore brought back. */
    restoredFrom: integer('restored_from'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('lesson_revisions_lesson_idx').on(t.lessonId, t.id)],
);
export type LessonRevisionRow = typeof lessonRevisions.$inferSelect;
