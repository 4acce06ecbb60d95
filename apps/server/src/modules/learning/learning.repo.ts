/** Learning's queries. Every one is scoped to the session's team and, for a learner's data, the user. */
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { QuizAnswer } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import {
  certificates,
  courseOwners,
  currentReleases,
  learningCourses,
  learningLessons,
  quizAttempts,
  teamEntitlements,
  teamNames,
} from '../../db/schema.ts';

export type Learner = { teamId: number; userId: number };

/**
 * Courses a team learns: those it bought (whatever the seller did since: 下架 keeps them; the store's
 * `team_entitlements`) and its own courses while released. Each with the release a learner reads, the
 * latest one (courses' `current_releases`); its content comes from release-content.ts, which keeps it
 * in memory.
 */
const learnable = (db: Db, teamId: number) =>
  db
    .select({
      courseId: currentReleases.courseId,
      ownerTeamId: currentReleases.teamId,
      listed: sql<boolean>`${currentReleases.status} = 'released'`,
      teamName: teamNames.teamName,
      releaseId: currentReleases.releaseId,
      versionNo: currentReleases.versionNo,
      bought: sql<boolean>`exists (select 1 from ${teamEntitlements} where ${teamEntitlements.teamId} = ${teamId} and ${teamEntitlements.courseId} = ${currentReleases.courseId})`,
    })
    .from(currentReleases)
    .innerJoin(teamNames, eq(teamNames.id, currentReleases.teamId));

export type LearnableRow = Awaited<ReturnType<ReturnType<typeof learnable>['execute']>>[number];

const heldBy = (teamId: number) =>
  or(
    sql`${currentReleases.courseId} in (select ${teamEntitlements.courseId} from ${teamEntitlements} where ${teamEntitlements.teamId} = ${teamId})`,
    and(eq(currentReleases.teamId, teamId), eq(currentReleases.status, 'released')),
  );

export async function findLearnable(
  db: Db,
  teamId: number,
  courseId: number,
): Promise<LearnableRow | undefined> {
  const rows = await learnable(db, teamId).where(and(eq(currentReleases.courseId, courseId), heldBy(teamId)));
  return rows[0];
}

export async function listLearnable(db: Db, teamId: number): Promise<LearnableRow[]> {
  return learnable(db, teamId).where(heldBy(teamId)).orderBy(desc(currentReleases.releasedAt));
}

/** These courses as the team stands to them (bought, own, listed); a course never released is absent. */
export async function courseHoldings(db: Db, teamId: number, courseIds: number[]): Promise<LearnableRow[]> {
  if (courseIds.length === 0) return [];
  return learnable(db, teamId).where(inArray(currentReleases.courseId, courseIds));
}

/** The team's learners who completed these courses, as `settleCourse` marked them. */
export async function courseCompletions(db: Db, teamId: number, courseIds: number[], userId?: number) {
  if (courseIds.length === 0) return [];
  return db
    .select({
      userId: learningCourses.userId,
      courseId: learningCourses.courseId,
      completedAt: learningCourses.completedAt,
    })
    .from(learningCourses)
    .where(
      and(
        eq(learningCourses.teamId, teamId),
        inArray(learningCourses.courseId, courseIds),
        userId === undefined ? undefined : eq(learningCourses.userId, userId),
        sql`${learningCourses.completedAt} is not null`,
      ),
    );
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

/**
 * Seconds since the learner first opened the lesson, by the database's clock (the one that wrote
 * `started_at`): the course's minimum time is measured on the server, never by the client.
 */
const studiedSeconds = sql<number>`floor(extract(epoch from now() - ${learningLessons.startedAt}))::int`;

/** What progress needs of a lesson row. */
const lessonRecordColumns = {
  courseId: learningLessons.courseId,
  lessonId: learningLessons.lessonId,
  position: learningLessons.position,
  completedAt: learningLessons.completedAt,
  contentHash: learningLessons.contentHash,
  studiedSeconds,
};
export type LessonRecord = {
  lessonId: number;
  position: number;
  completedAt: Date | null;
  contentHash: string | null;
  studiedSeconds: number;
};

export async function lessonRecords(db: Db, l: Learner, courseIds: number[]) {
  if (courseIds.length === 0) return [];
  return db
    .select(lessonRecordColumns)
    .from(learningLessons)
    .where(ofLearner(learningLessons, l, courseIds));
}

/** A quiz's latest answer: right or not. */
export type AttemptMark = { lessonId: number; quizId: string; correct: boolean };

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

/**
 * Holds the learner's answers to one quiz until the transaction ends, so that two answers sent at
 * once are counted one after the other against the course's limit of attempts.
 */
export async function lockQuiz(db: Db, l: Learner, lessonId: number, quizId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`quiz:${l.teamId}:${l.userId}:${lessonId}:${quizId}`}))`,
  );
}

/** How many times the learner answered the quiz. */
export async function attemptCount(db: Db, l: Learner, lessonId: number, quizId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.teamId, l.teamId),
        eq(quizAttempts.userId, l.userId),
        eq(quizAttempts.lessonId, lessonId),
        eq(quizAttempts.quizId, quizId),
      ),
    );
  return row?.n ?? 0;
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
    .where(and(ofLearner(certificates, l, courseIds), isNull(certificates.revokedAt)));
  return new Map(rows.map((r) => [r.courseId, r.code]));
}

export async function findCertificate(db: Db, code: string) {
  const rows = await db.select().from(certificates).where(eq(certificates.code, code));
  return rows[0];
}

/**
 * Revokes the team's valid certificates of courses it no longer holds (no entitlement, not its own),
 * and takes back those learners' course completion, so that buying the course again and completing
 * it issues a new certificate. Answers how many were revoked.
 */
export async function revokeUnheldCertificates(db: Db, teamId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    with revoked as (
      update ${certificates} c set revoked_at = now()
      where c.team_id = ${teamId} and c.revoked_at is null
        and not exists (select 1 from ${teamEntitlements} e
          where e.team_id = c.team_id and e.course_id = c.course_id)
        and not exists (select 1 from ${courseOwners} co where co.id = c.course_id and co.team_id = c.team_id)
      returning c.team_id, c.user_id, c.course_id
    ), reopened as (
      update ${learningCourses} lc set completed_at = null
      from revoked r
      where lc.team_id = r.team_id and lc.user_id = r.user_id and lc.course_id = r.course_id
      returning 1
    )
    select (select count(*) from revoked)::int as n, (select count(*) from reopened) as reopened`);
  return rows[0]?.n ?? 0;
}

/** Every learner's lesson rows of one course in the team: who opened and who completed each lesson. */
export async function courseLessonRows(db: Db, teamId: number, courseId: number) {
  return db
    .select({
      userId: learningLessons.userId,
      lessonId: learningLessons.lessonId,
      completed: sql<boolean>`${learningLessons.completedAt} is not null`,
    })
    .from(learningLessons)
    .where(and(eq(learningLessons.teamId, teamId), eq(learningLessons.courseId, courseId)));
}
