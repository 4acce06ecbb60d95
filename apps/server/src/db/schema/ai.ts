/** AI generation jobs, their lessons and their event log. */
import { CHINA_TIME_ZONE } from '@studio/contract/constants';
import type {
  AiCreateRequest,
  AiGenerator,
  AiJobKind,
  AiJobStatus,
  DocNode,
  AiLessonStatus,
  AiUsageKind,
  DocumentFormat,
  DocumentSection,
  Outline,
} from '@studio/contract';
import { users } from './users.ts';
import { courses } from './courses.ts';
import { teams } from './teams.ts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
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

export type JobTranslation = {
  sourceCourseId: number;
  language: string;
  sourceHash: string;
  course: { title: string; subtitle: string; summary: string };
};

export const aiJobs = pgTable(
  'ai_jobs',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 16 }).$type<AiJobStatus>().notNull(),
    kind: varchar('kind', { length: 10 }).$type<AiJobKind>().notNull().default('generate'),
    /** A `translate` job: its source, target, the source's hash and its course texts when it started. */
    translation: jsonb('translation').$type<JobTranslation>(),
    request: jsonb('request').$type<AiCreateRequest>().notNull(),
    outline: jsonb('outline').$type<Outline>(),
    generatorKind: varchar('generator_kind', { length: 10 }).$type<AiGenerator['kind']>().notNull(),
    generatorLabel: varchar('generator_label', { length: 80 }).notNull(),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('ai_jobs_team_idx').on(t.teamId, t.createdAt)],
);

export const aiJobLessons = pgTable(
  'ai_job_lessons',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => aiJobs.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    status: varchar('status', { length: 10 }).$type<AiLessonStatus>().notNull().default('pending'),
    lessonId: integer('lesson_id'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    /** A `translate` job's lesson: the source lesson as it was when the job started. */
    source: jsonb('source').$type<{ title: string; content: DocNode }>(),
  },
  (t) => [uniqueIndex('ai_job_lessons_pk').on(t.jobId, t.idx)],
);

/** The ordered event log of a job: the SSE stream replays it from Last-Event-ID, so nothing is lost. */
export const aiEvents = pgTable(
  'ai_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => aiJobs.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ai_events_job_idx').on(t.jobId, t.id)],
);

/**
 * A document read for AI 创课: its sections (text, lists, tables, pictures) by its own structure. The
 * file itself is never stored: it is read from memory and dropped, so only this row is left of it, and
 * its pictures, stored re-encoded as images (the blocks hold their URLs).
 */
export const aiDocuments = pgTable(
  'ai_documents',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 200 }).notNull(),
    format: varchar('format', { length: 10 }).$type<DocumentFormat>().notNull(),
    pages: integer('pages').notNull(),
    sections: jsonb('sections').$type<DocumentSection[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ai_documents_team_idx').on(t.teamId, t.createdAt)],
);

/**
 * Tokens one provider call used (an outline, a lesson, a translated lesson, an assist), by team, member
 * and kind; `month` is the budget's month in China Standard Time, set by the database at insert.
 * `estimated`: the provider reported no usage, so the tokens were counted from the text (see usage.ts).
 * Rows stay when their job is deleted: the tokens were spent all the same.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    jobId: integer('job_id').references(() => aiJobs.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 10 }).$type<AiUsageKind>().notNull(),
    month: varchar('month', { length: 7 })
      .notNull()
      .default(sql`to_char(now() at time zone '${sql.raw(CHINA_TIME_ZONE)}', 'YYYY-MM')`),
    inputTokens: integer('input_tokens').notNull(),
    outputTokens: integer('output_tokens').notNull(),
    estimated: boolean('estimated').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ai_usage_team_month_idx').on(t.teamId, t.month)],
);

/**
 * Tokens set aside for runs in flight (a lesson, a translated lesson, an assist): each is its estimate,
 * counted against the month with `ai_usage` until the run's real count replaces it (deleted in the
 * transaction that records the usage). Taken under the team's budget lock (ai.usage.repo.ts
 * `holdBudget`), so runs started side by side, in any process, never together pass what is left. A
 * hold a crashed process left lapses at `expires_at`; a lesson's is keyed by (job, idx), so a
 * redelivery replaces it rather than adding another.
 */
export const aiBudgetHolds = pgTable(
  'ai_budget_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').references(() => aiJobs.id, { onDelete: 'cascade' }),
    idx: integer('idx'),
    tokens: integer('tokens').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('ai_budget_holds_team_idx').on(t.teamId),
    uniqueIndex('ai_budget_holds_lesson_idx').on(t.jobId, t.idx),
  ],
);

export type AiJobRow = typeof aiJobs.$inferSelect;
export type AiJobLessonRow = typeof aiJobLessons.$inferSelect;
