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
 * own courses while released. Each with the release a learner reads, the latest one.
 */
const learnable = (db: Db, teamId: number) =>
  db
    .select({
      courseId: courses.id,
      ownerTeamId: courses.teamId,
      listed: sql<boolean>`${courses.status} = 'released'`,
      teamName: teams.teamName,
      release: courseReleases,
      bought: sql<boolean>`exists (select 1 from ${entitlements} where ${entitlements.teamId} = ${teamId} and ${entitlements.courseId} = ${courses.id})`,
    })
    .from(courses)
    .innerJoin(
      courseReleases,
      and(eq(courseReleases.courseId, courses.id), eq(courseReleases.versionNo, courses.releasedVersion)),
    )
    .innerJoin(teams, eq(teams.id, courses.teamId));

export type LearnableCourse = Awaited<ReturnType<ReturnType<typeof learnable>['execute']>>[number];

const heldBy = (teamId: number) =>
  or(
    sql`${courses.id} in (select ${entitlements.courseId} from ${entitlements} where ${entitlements.teamId} = ${teamId})`,
    and(eq(courses.teamId, teamId), eq(courses.status, 'released')),
  );

export async function findLearnable(
  db: Db,
  teamId: number,
  courseId: number,
): Promise<LearnableCourse | undefined> {
  const rows = await learnable(db, teamId).where(and(eq(courses.id, courseId), heldBy(teamId)));
  return rows[0];
}

export async function listLearnable(db: Db, teamId: number): Promise<LearnableCourse[]> {
  return learnable(db, teamId).where(heldBy(teamId)).orderBy(desc(courseReleases.createdAt));
}

export async function courseRecords(db: Db, l: Learner, courseIds: number[]) {
  if (courseIds.length === 0) return [];
  return db
    .select()
    .from(learningCourses)
    .where(
      and(
        eq(learningCourses.teamId, l.teamId),
        eq(learningCourses.userId, l.userId),
        inArray(learningCourses.courseId, courseIds),
      ),
    );
}

export async function lessonRecords(db: Db, l: Learner, courseIds: number[]) {
  if (courseIds.length === 0) return [];
  return db
    .select()
    .from(learningLessons)
    .where(
      and(
        eq(learningLessons.teamId, l.teamId),
        eq(learningLessons.userId, l.userId),
        inArray(learningLessons.courseId, courseIds),
      ),
    );
}
export type LessonRecord = Awaited<ReturnType<typeof lessonRecords>>[number];

/** Where the learner is: the lesson and how far down it; the course row is made on first study. */
export async function recordPosition(
  db: Db,
  l: Learner,
  courseId: number,
  lessonId: number,
  position: number,
): Promise<void> {
  const now = new Date();
  await db
    .insert(learningLessons)
    .values({ ...l, courseId, lessonId, position, updatedAt: now })
    .onConflictDoUpdate({
      target: [learningLessons.teamId, learningLessons.userId, learningLessons.lessonId],
      set: { position, courseId, updatedAt: now },
    });
  await db
    .insert(learningCourses)
    .values({ ...l, courseId, lastLessonId: lessonId, lastPosition: position, lastStudiedAt: now })
    .onConflictDoUpdate({
      target: [learningCourses.teamId, learningCourses.userId, learningCourses.courseId],
      set: { lastLessonId: lessonId, lastPosition: position, lastStudiedAt: now },
    });
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
    .where(
      and(
        eq(certificates.teamId, l.teamId),
        eq(certificates.userId, l.userId),
        inArray(certificates.courseId, courseIds),
        isNotNull(certificates.code),
      ),
    );
  return new Map(rows.map((r) => [r.courseId, r.code]));
}

export async function findCertificate(db: Db, code: string) {
  const rows = await db.select().from(certificates).where(eq(certificates.code, code));
  return rows[0];
}
