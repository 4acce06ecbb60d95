/** Learning: each learner's progress per lesson and per course, quiz attempts and certificates. */
import type { QuizAnswer } from '@studio/contract';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.ts';
import { courses } from './courses.ts';
import { teams } from './teams.ts';
import { ts } from './columns.ts';

const learner = () => ({
  teamId: integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  courseId: integer('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' }),
});

/**
 * One learner's course: where 继续学习 goes and when it was completed. Learning is per user and team:
 * the same person in two teams learns twice.
 */
export const learningCourses = pgTable(
  'learning_courses',
  {
    ...learner(),
    lastLessonId: integer('last_lesson_id'),
    lastPosition: real('last_position').notNull().default(0),
    lastStudiedAt: ts('last_studied_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId, t.courseId] }),
    index('learning_courses_team_idx').on(t.teamId, t.lastStudiedAt),
  ],
);

/**
 * One learner's lesson. A lesson is identified by its draft lesson id, which every release keeps, so
 * progress carries over to a new release; `contentHash` is the content completed, and a release that
 * changes the lesson shows it 已更新.
 */
export const learningLessons = pgTable(
  'learning_lessons',
  {
    ...learner(),
    lessonId: integer('lesson_id').notNull(),
    position: real('position').notNull().default(0),
    completedAt: ts('completed_at'),
    contentHash: varchar('content_hash', { length: 64 }),
    /** When the learner first opened the lesson (server time): the course's minimum time counts from it. */
    startedAt: ts('started_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId, t.lessonId] }),
    index('learning_lessons_course_idx').on(t.teamId, t.courseId),
  ],
);

/** Every answer sent, graded on the server; the latest per quiz is the learner's result. */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: serial('id').primaryKey(),
    ...learner(),
    lessonId: integer('lesson_id').notNull(),
    quizId: varchar('quiz_id', { length: 32 }).notNull(),
    answer: jsonb('answer').$type<QuizAnswer>().notNull(),
    correct: boolean('correct').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('quiz_attempts_learner_idx').on(t.teamId, t.userId, t.courseId, t.lessonId, t.quizId, t.id)],
);

/**
 * Issued once per learner and course while valid; the public page shows these fields and nothing
 * else. A refund (any loss of the course by the learner's team) revokes it: `revokedAt`, kept and
 * shown as 已撤销; completing the course again after buying it again issues a new one.
 */
export const certificates = pgTable(
  'certificates',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    ...learner(),
    learnerName: varchar('learner_name', { length: 60 }).notNull(),
    courseTitle: varchar('course_title', { length: 120 }).notNull(),
    /** The learner's team (学员团队) at issue. */
    teamName: varchar('team_name', { length: 60 }).notNull(),
    /** The team that made the course (颁发团队) at issue. */
    issuerTeamName: varchar('issuer_team_name', { length: 60 }).notNull().default(''),
    issuedAt: ts('issued_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    /**
     * The course exam (课程考试) the completion needed, as it stood at issue: its title, the
     * learner's best passing score and that attempt's pass mark (all null: no exam was needed).
     */
    examTitle: varchar('exam_title', { length: 100 }),
    examScore: integer('exam_score'),
    examPassPercent: integer('exam_pass_percent'),
  },
  (t) => [
    uniqueIndex('certificates_learner_uq')
      .on(t.teamId, t.userId, t.courseId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * What a learner watched of one media block in a lesson: the union of the intervals played (sorted,
 * disjoint, ms), so a skip ahead or a second viewing adds nothing; `watchedMs` is its length. The
 * last position is where the player resumes, on any device. `savedAt` (the database's clock) and
 * `creditMs` cap what the next save may add: the wall-clock time since, at the fastest speed, plus
 * the allowance left unused by earlier saves up to a small slack (watch-intervals.ts `allowanceOf`).
 */
export const learningMedia = pgTable(
  'learning_media',
  {
    ...learner(),
    lessonId: integer('lesson_id').notNull(),
    mediaId: integer('media_id').notNull(),
    intervals: jsonb('intervals').$type<[number, number][]>().notNull().default([]),
    watchedMs: integer('watched_ms').notNull().default(0),
    positionMs: integer('position_ms').notNull().default(0),
    creditMs: integer('credit_ms').notNull().default(0),
    savedAt: ts('saved_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId, t.lessonId, t.mediaId] }),
    index('learning_media_course_idx').on(t.teamId, t.courseId),
  ],
);
