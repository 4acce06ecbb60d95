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
import { users } from './users.ts';
import { teams } from './teams.ts';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
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

/*
 * Views offered to other modules (modules/courses/README.md lists who reads each): their SQL names
 * these, never the tables.
 */

/** A course's team, title and state (deleted or not): what orders, refunds, invoices and coupons check. */
export const courseOwners = pgView('course_owners', {
  id: integer('id').notNull(),
  teamId: integer('team_id').notNull(),
  title: varchar('title', { length: 120 }).notNull(),
  status: varchar('status', { length: 12 }).$type<CourseStatus>().notNull(),
  deletedAt: ts('deleted_at'),
}).as(sql`select id, team_id, title, status, deleted_at from courses`);

/**
 * Each course that has a released version, with that release (the one the store shows and buyers
 * read), listed or not (`status`): the store's listing, the learning list and the team report. The
 * internal note (内部备注) is not here.
 */
export const currentReleases = pgView('current_releases', {
  courseId: integer('course_id').notNull(),
  teamId: integer('team_id').notNull(),
  category: varchar('category', { length: 20 }).$type<CourseCategory>(),
  status: varchar('status', { length: 12 }).$type<CourseStatus>().notNull(),
  releaseId: integer('release_id').notNull(),
  versionNo: integer('version_no').notNull(),
  snapshot: jsonb('snapshot').$type<CoursePreview>().notNull(),
  title: varchar('title', { length: 120 }).notNull(),
  changelog: text('changelog').notNull(),
  price: integer('price').notNull(),
  releasedBy: integer('released_by').notNull(),
  releasedAt: ts('released_at').notNull(),
}).as(
  sql`select c.id as course_id, c.team_id, c.category, c.status, r.id as release_id, r.version_no, r.snapshot, r.title, r.changelog, r.price, r.released_by, r.created_at as released_at from courses c join course_releases r on r.course_id = c.id and r.version_no = c.released_version`,
);

/** Every release's content and public line, by id or by course and version (without the internal note). */
export const releaseSnapshots = pgView('release_snapshots', {
  id: integer('id').notNull(),
  courseId: integer('course_id').notNull(),
  versionNo: integer('version_no').notNull(),
  snapshot: jsonb('snapshot').$type<CoursePreview>().notNull(),
  changelog: text('changelog').notNull(),
  createdAt: ts('created_at').notNull(),
}).as(sql`select id, course_id, version_no, snapshot, changelog, created_at from course_releases`);

/** The draft's lessons that exist, by id and course: attachments keep only files of living lessons. */
export const courseLessons = pgView('course_lessons', {
  id: integer('id').notNull(),
  courseId: integer('course_id').notNull(),
}).as(sql`select id, course_id from lessons`);
