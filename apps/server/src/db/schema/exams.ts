/**
 * Exams (modules/exams): a team's question bank, its exams, and each member's attempts. An attempt
 * stores the questions it was dealt (order, option order, keys) so a reload shows the same paper and
 * later edits of the bank never change a grade; its deadline is stored at start by the database's
 * clock.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { Difficulty, ExamAnswer, ExamSource, QuestionType, ShowAnswers } from '@studio/contract';
import { users } from './users.ts';
import { teams } from './teams.ts';
import { courseReleases, courses } from './courses.ts';
import { ts } from './columns.ts';

/** A question's key: an option index, option indexes, true/false, or the accepted texts. */
export type QuestionKey = number | number[] | boolean | string[];

export const examQuestions = pgTable(
  'exam_questions',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** A course's question (课程考试, written by the course's authors; `team_id` is the course's team); null: the team's bank. */
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).$type<QuestionType>().notNull(),
    stem: varchar('stem', { length: 2000 }).notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    answer: jsonb('answer').$type<QuestionKey>().notNull(),
    explanation: varchar('explanation', { length: 1000 }).notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    difficulty: varchar('difficulty', { length: 16 }).$type<Difficulty>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('exam_questions_team_idx').on(t.teamId, t.id),
    index('exam_questions_course_idx').on(t.courseId, t.id),
    // The bank's tag filter and the rules' draws by tag.
    index('exam_questions_tags_idx').using('gin', t.tags),
  ],
);
export type ExamQuestionRow = typeof examQuestions.$inferSelect;

export const exams = pgTable(
  'exams',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /**
     * A course's exam: with `release_id` null the draft its authors edit (one per course), else the
     * copy made by that release, which its learners take; null: the team's own exam.
     */
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    releaseId: integer('release_id').references(() => courseReleases.id, { onDelete: 'cascade' }),
    /** A released copy's questions as released: what its attempts draw from (null: the live bank). */
    bank: jsonb('bank').$type<BankQuestion[]>(),
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 1000 }).notNull().default(''),
    source: jsonb('source').$type<ExamSource>().notNull(),
    questionCount: integer('question_count').notNull(),
    timeLimitMinutes: integer('time_limit_minutes'),
    maxAttempts: integer('max_attempts').notNull(),
    passPercent: integer('pass_percent').notNull(),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    showAnswers: varchar('show_answers', { length: 16 }).$type<ShowAnswers>().notNull(),
    /** Closed from then on (no new attempts, running ones end); null: open. */
    closesAt: ts('closes_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('exams_team_idx').on(t.teamId, t.id),
    uniqueIndex('exams_course_draft_idx')
      .on(t.courseId)
      .where(sql`${t.courseId} is not null and ${t.releaseId} is null`),
    uniqueIndex('exams_release_idx').on(t.releaseId),
  ],
);
export type ExamRow = typeof exams.$inferSelect;

/** A question as a released course exam keeps it (its bank): what a draw needs, tags and difficulty for rules. */
export type BankQuestion = {
  id: number;
  type: QuestionType;
  stem: string;
  options: string[];
  answer: QuestionKey;
  explanation: string;
  tags: string[];
  difficulty: Difficulty;
};

/** A question as dealt to one attempt: options in the attempt's order, the key in that order. */
export type DealtQuestion = {
  questionId: number;
  type: QuestionType;
  stem: string;
  options: string[];
  key: QuestionKey;
  explanation: string;
};

export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptNo: integer('attempt_no').notNull(),
    questions: jsonb('questions').$type<DealtQuestion[]>().notNull(),
    answers: jsonb('answers').$type<Record<string, ExamAnswer>>().notNull().default({}),
    startedAt: ts('started_at').notNull().defaultNow(),
    /** started_at + the time limit, by the database's clock; null without a limit. */
    deadline: ts('deadline'),
    submittedAt: ts('submitted_at'),
    /** Percent, set when graded (at submit, or on read once the deadline passed). */
    score: integer('score'),
    correctCount: integer('correct_count'),
    passed: boolean('passed').notNull().default(false),
  },
  (t) => [
    // Per team: a course exam is taken by the learners of every team that holds the course.
    uniqueIndex('exam_attempts_no_idx').on(t.examId, t.teamId, t.userId, t.attemptNo),
    // At most one running attempt per member and exam.
    uniqueIndex('exam_attempts_open_idx')
      .on(t.examId, t.teamId, t.userId)
      .where(sql`${t.submittedAt} is null`),
    index('exam_attempts_team_idx').on(t.teamId, t.examId),
  ],
);
export type ExamAttemptRow = typeof examAttempts.$inferSelect;
