/** Learning's queries. Every one is scoped to the session's team and, for a learner's data, the user. */
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { QuizAnswer } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import {
  certificates,
  courseReleases,
  courses,
  entitlements,
  learningCourses,
  learningLessons,
  quizAttempts,
  teams,
} from '../../db/schema.ts';

export type Learner = { teamId: number; userId: number };

/**
 * Courses a team learns: those it bought (whatever the seller did since: 下架 keeps them) and its
 * own courses while released. Each with the release a learner reads, the latest one; its content
 * comes from release-content.ts, which keeps it in memory.
 */
const learnable = (db: Db, teamId: number) =>
  db
    .select({
      courseId: courses.id,
      ownerTeamId: courses.teamId,
      listed: sql<boolean>`${courses.status} = 'released'`,
      teamName: teams.teamName,
      releaseId: courseReleases.id,
      versionNo: courseReleases.versionNo,
      bought: sql<boolean>`exists (select 1 from ${entitlements} where ${entitlements.teamId} = ${teamId} and ${entitlements.courseId} = ${courses.id})`,
    })
    .from(courses)
    .innerJoin(
      courseReleases,
      and(eq(courseReleases.courseId, courses.id), eq(courseReleases.versionNo, courses.releasedVersion)),
    )
    .innerJoin(teams, eq(teams.id, courses.teamId));

export type LearnableRow = Awaited<ReturnType<ReturnType<typeof learnable>['execute']>>[number];

const heldBy = (teamId: number) =>
  or(
    sql`${courses.id} in (select ${entitlements.courseId} from ${entitlements} where ${entitlements.teamId} = ${teamId})`,
    and(eq(courses.teamId, teamId), eq(courses.status, 'released')),
  );

export async function findLearnable(
  db: Db,
  teamId: number,
  courseId: number,
): Promise<LearnableRow | undefined> {
  const rows = await learnable(db, teamId).where(and(eq(courses.id, courseId), heldBy(teamId)));
  return rows[0];
}

export async function listLearnable(db: Db, teamId: number): Promise<LearnableRow[]> {
  return learnable(db, teamId).where(heldBy(teamId)).orderBy(desc(courseReleases.createdAt));
}

/** One learner's rows, in the tables keyed by team and user. */
const ofLearner = (
  table: typeof learningCourses | typeof learningLessons | typeof certificates,
  l: Learner,
  courseIds: number[],
) => and(eq(table.teamId, l.teamId), eq(table.userId, l.userId), inArray(table.courseId, courseIds));

export async function courseRecords(db: Db, l: Learner, courseIds: number[]) {
  if (courseIds.length === 0) return [];
  return db
    .select()
    .from(learningCourses)
    .where(ofLearner(learningCourses, l, courseIds));
}

/** What progress needs of a lesson row. */
const lessonRecordColumns = {
  courseId: learningLessons.courseId,
  lessonId: learningLessons.lessonId,
  position: learningLessons.position,
  completedAt: learningLessons.completedAt,
  contentHash: learningLessons.contentHash,
};
export type LessonRecord = {
  lessonId: number;
  position: number;
  completedAt: Date | null;
  contentHash: string | null;
};

export async function lessonRecords(db: Db, l: Learner, courseIds: number[]) {
  if (courseIds.length === 0) return [];
  return db
    .select(lessonRecordColumns)
    .from(learningLessons)
    .where(ofLearner(learningLessons, l, courseIds));
}

/** The learner's state in a course right after a position save. */
export type PositionSaved = {
  records: LessonRecord[];
  courseCompletedAt: Date | null;
  certificateCode: string | null;
};

/**
 * The player's frequent write in one statement: the lesson's position, the course's 继续学习 point,
 * and back the learner's records in the course (the saved lesson as written, the others as read),
 * the course's completion and its certificate.
 */
export async function savePosition(
  db: Db,
  l: Learner,
  courseId: number,
  lessonId: number,
  position: number,
): Promise<PositionSaved> {
  const { rows } = await db.execute<{
    course_completed_at: string | null;
    certificate_code: string | null;
    lessons: { lessonId: number; position: number; completedAt: string | null; contentHash: string | null }[];
  }>(sql`
    with saved as (
      insert into ${learningLessons} (team_id, user_id, course_id, lesson_id, position, updated_at)
      values (${l.teamId}, ${l.userId}, ${courseId}, ${lessonId}, ${position}, now())
      on conflict (team_id, user_id, lesson_id) do update
        set position = excluded.position, course_id = excluded.course_id, updated_at = excluded.updated_at
      returning lesson_id, position, completed_at, content_hash
    ), course as (
      insert into ${learningCourses} (team_id, user_id, course_id, last_lesson_id, last_position, last_studied_at)
      values (${l.teamId}, ${l.userId}, ${courseId}, ${lessonId}, ${position}, now())
      on conflict (team_id, user_id, course_id) do update
        set last_lesson_id = excluded.last_lesson_id, last_position = excluded.last_position,
            last_studied_at = excluded.last_studied_at
      returning completed_at
    ), lessons as (
      select lesson_id, position, completed_at, content_hash from saved
      union all
      select lesson_id, position, completed_at, content_hash from ${learningLessons}
      where team_id = ${l.teamId} and user_id = ${l.userId} and course_id = ${courseId}
        and lesson_id <> ${lessonId}
    )
    select
      (select completed_at from course) as course_completed_at,
      (select code from ${certificates}
        where team_id = ${l.teamId} and user_id = ${l.userId} and course_id = ${courseId}) as certificate_code,
      (select json_agg(json_build_object('lessonId', lesson_id, 'position', position,
        'completedAt', completed_at, 'contentHash', content_hash)) from lessons) as lessons`);
  const row = rows[0]!;
  return {
    records: row.lessons.map((r) => ({ ...r, completedAt: r.completedAt ? new Date(r.completedAt) : null })),
    courseCompletedAt: row.course_completed_at ? new Date(row.course_completed_at) : null,
    certificateCode: row.certificate_code,
  };
}

/** Completes the lesson as it reads now (its content's hash); completing it again refreshes the hash. */
export async function markLessonComplete(db: Db, l: Learner, lessonId: number, contentHash: string) {
  await db
    .update(learningLessons)
    .set({ completedAt: sql`coalesce(${learningLessons.completedAt}, now())`, contentHash })
    .where(
      and(
        eq(learningLessons.teamId, l.teamId),
        eq(learningLessons.userId, l.userId),
        eq(learningLessons.lessonId, lessonId),
      ),
    );
}

/** Sets the course's completion once; answers whether this call set it. */
export async function markCourseComplete(db: Db, l: Learner, courseId: number): Promise<boolean> {
  const rows = await db
    .update(learningCourses)
    .set({ completedAt: new Date() })
    .where(
      and(
        eq(learningCourses.teamId, l.teamId),
        eq(learningCourses.userId, l.userId),
        eq(learningCourses.courseId, courseId),
        sql`${learningCourses.completedAt} is null`,
      ),
    )
    .returning({ courseId: learningCourses.courseId });
  return rows.length > 0;
}

export async function insertAttempt(
  db: Db,
  l: Learner,
  row: { courseId: number; lessonId: number; quizId: string; answer: QuizAnswer; correct: boolean },
) {
  await db.insert(quizAttempts).values({ ...l, ...row });
}

/** The latest attempt of each quiz the learner answered in the course, with the number of attempts. */
export async function latestAttempts(db: Db, l: Learner, courseId: number) {
  const rows = await db.execute<{
    lesson_id: number;
    quiz_id: string;
    answer: QuizAnswer;
    correct: boolean;
    attempts: number;
  }>(sql`
    select distinct on (lesson_id, quiz_id) lesson_id, quiz_id, answer, correct,
      count(*) over (partition by lesson_id, quiz_id)::int as attempts
    from ${quizAttempts}
    where team_id = ${l.teamId} and user_id = ${l.userId} and course_id = ${courseId}
    order by lesson_id, quiz_id, id desc`);
  return rows.rows.map((r) => ({
    lessonId: r.lesson_id,
    quizId: r.quiz_id,
    answer: r.answer,
    correct: r.correct,
    attempts: r.attempts,
  }));
}

/** Quiz ids of the lesson the learner has answered at least once. */
export async function answeredQuizIds(db: Db, l: Learner, lessonId: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ quizId: quizAttempts.quizId })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.teamId, l.teamId),
        eq(quizAttempts.userId, l.userId),
        eq(quizAttempts.lessonId, lessonId),
      ),
    );
  return new Set(rows.map((r) => r.quizId));
}

export async function insertCertificate(db: Db, row: typeof certificates.$inferInsert): Promise<void> {
  await db.insert(certificates).values(row).onConflictDoNothing();
}

export async function certificateCodes(
  db: Db,
  l: Learner,
  courseIds: number[],
): Promise<Map<number, string>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ courseId: certificates.courseId, code: certificates.code })
    .from(certificates)
    .where(and(ofLearner(certificates, l, courseIds), isNotNull(certificates.code)));
  return new Map(rows.map((r) => [r.courseId, r.code]));
}

export async function findCertificate(db: Db, code: string) {
  const rows = await db.select().from(certificates).where(eq(certificates.code, code));
  return rows[0];
}
