/**
 * The learner's side: 我的学习, the course player, progress, quizzes graded here, completion and
 * certificates. A learner reads the latest release of a course their team holds (policy.canLearn);
 * quiz keys never leave the server before an answer; progress is per user and team.
 */
import { randomInt } from 'node:crypto';
import {
  answerShapeError,
  Code,
  quizzesOf,
  stripQuizKeys,
  type Certificate,
  type LearnCourse,
  type LearnCourseItem,
  type LearnFilter,
  type LearnLesson,
  type LearnProgress,
  type LessonLearnState,
  type QuizAnswer,
  type QuizResult,
  gradeQuiz,
} from '@studio/contract';
import type { TeamCtx } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, invalidInput } from '../../platform/errors.ts';
import { authorize, canLearn } from '../../platform/policy.ts';
import {
  answeredQuizIds,
  certificateCodes,
  courseRecords,
  findCertificate,
  findLearnable,
  insertAttempt,
  insertCertificate,
  latestAttempts,
  lessonRecords,
  listLearnable,
  markCourseComplete,
  markLessonComplete,
  savePosition,
  type LearnableRow,
  type Learner,
  type LessonRecord,
  type PositionSaved,
} from './learning.repo.ts';
import { releaseContent, type ReleaseContent } from './release-content.ts';

const learnerOf = (c: TeamCtx): Learner => ({ teamId: c.membership.team.id, userId: c.actor.user.id });

/** A course the team may learn, with the content of the release its learners read. */
type LearnableCourse = LearnableRow & { release: ReleaseContent & { versionNo: number } };
type SnapshotLesson = LearnableCourse['release']['snapshot']['lessons'][number];

async function withContent(c: TeamCtx, row: LearnableRow): Promise<LearnableCourse> {
  const content = await releaseContent(c.ctx.db, row.releaseId);
  return { ...row, release: { ...content, versionNo: row.versionNo } };
}

/** A completed lesson whose content a later release changed is 已更新. */
function stateOf(
  course: LearnableCourse,
  lesson: SnapshotLesson,
  record: LessonRecord | undefined,
): LessonLearnState {
  if (!record) return 'not_started';
  if (!record.completedAt) return 'in_progress';
  return record.contentHash === course.release.hashes.get(lesson.lessonId) ? 'completed' : 'updated';
}

/** A lesson completed before a release changed it still counts: the learner did finish it. */
const isDone = (state: LessonLearnState) => state === 'completed' || state === 'updated';

function summarize(course: LearnableCourse, records: LessonRecord[]) {
  const byLesson = new Map(records.map((r) => [r.lessonId, r]));
  const lessons = course.release.snapshot.lessons;
  const states = new Map(lessons.map((l) => [l.lessonId, stateOf(course, l, byLesson.get(l.lessonId))]));
  const completedCount = [...states.values()].filter(isDone).length;
  const lessonCount = lessons.length;
  const progress = lessonCount === 0 ? 0 : Math.floor((completedCount * 100) / lessonCount);
  return { states, completedCount, lessonCount, progress };
}

/** The course the session's team may learn, or 404 (another team's, never bought, or unreleased own). */
async function requireLearnable(c: TeamCtx, courseId: number): Promise<LearnableCourse> {
  authorize(c, 'learn.study');
  const row = await findLearnable(c.ctx.db, c.membership.team.id, courseId);
  const ownTeam = row?.ownerTeamId === c.membership.team.id;
  if (!row || !canLearn({ ownTeam, listed: row.listed, bought: row.bought })) {
    throw new AppError(Code.NOT_FOUND);
  }
  return withContent(c, row);
}

function requireLesson(course: LearnableCourse, lessonId: number): SnapshotLesson {
  const lesson = course.release.snapshot.lessons.find((l) => l.lessonId === lessonId);
  if (!lesson) throw invalidInput('lessonId', '课时不属于这门课程');
  return lesson;
}

function toItem(
  course: LearnableCourse,
  teamId: number,
  records: LessonRecord[],
  record: { lastLessonId: number | null; lastStudiedAt: Date; completedAt: Date | null } | undefined,
  certificateCode: string | null,
): LearnCourseItem {
  const { snapshot } = course.release;
  const { completedCount, lessonCount, progress, states } = summarize(course, records);
  const firstOpen = snapshot.lessons.find((l) => !isDone(states.get(l.lessonId)!));
  const last = snapshot.lessons.find((l) => l.lessonId === record?.lastLessonId);
  return {
    courseId: course.courseId,
    title: snapshot.title,
    subtitle: snapshot.subtitle,
    cover: snapshot.cover,
    teamName: course.teamName,
    source: course.ownerTeamId === teamId ? 'own' : 'bought',
    versionNo: course.release.versionNo,
    lessonCount,
    completedCount,
    progress,
    lastStudiedAt: record ? record.lastStudiedAt.getTime() : null,
    resumeLessonId: (last ?? firstOpen ?? snapshot.lessons[0])?.lessonId ?? null,
    completedAt: record?.completedAt ? record.completedAt.getTime() : null,
    certificateCode,
  };
}

const matchesFilter = (item: LearnCourseItem, filter: LearnFilter) =>
  filter === 'all' ||
  (filter === 'completed'
    ? item.completedAt !== null
    : item.completedAt === null && item.lastStudiedAt !== null);

/** 我的学习: the team's learnable courses with this learner's progress, the last studied first. */
export async function listLearning(c: TeamCtx, filter: LearnFilter): Promise<{ list: LearnCourseItem[] }> {
  authorize(c, 'learn.study');
  const learner = learnerOf(c);
  const teamId = learner.teamId;
  const all = await Promise.all(
    (await listLearnable(c.ctx.db, teamId))
      .filter((row) =>
        canLearn({ ownTeam: row.ownerTeamId === teamId, listed: row.listed, bought: row.bought }),
      )
      .map((row) => withContent(c, row)),
  );
  const ids = all.map((course) => course.courseId);
  const [courseRows, lessonRows, codes] = await Promise.all([
    courseRecords(c.ctx.db, learner, ids),
    lessonRecords(c.ctx.db, learner, ids),
    certificateCodes(c.ctx.db, learner, ids),
  ]);
  const byCourse = new Map(courseRows.map((r) => [r.courseId, r]));
  const list = all
    .map((course) =>
      toItem(
        course,
        teamId,
        lessonRows.filter((r) => r.courseId === course.courseId),
        byCourse.get(course.courseId),
        codes.get(course.courseId) ?? null,
      ),
    )
    .filter((item) => matchesFilter(item, filter))
    .sort((a, b) => (b.lastStudiedAt ?? 0) - (a.lastStudiedAt ?? 0));
  return { list };
}

function toQuizResults(
  lesson: SnapshotLesson,
  attempts: Awaited<ReturnType<typeof latestAttempts>>,
): QuizResult[] {
  const quizzes = new Map(quizzesOf(lesson.content).map((q) => [q.id, q]));
  return attempts.flatMap((a) => {
    const quiz = a.lessonId === lesson.lessonId ? quizzes.get(a.quizId) : undefined;
    if (!quiz) return [];
    return [
      {
        quizId: a.quizId,
        correct: a.correct,
        answer: a.answer,
        correctChoices: quiz.kind === 'blank' ? [] : quiz.correct,
        accepted: quiz.kind === 'blank' ? quiz.accepted : [],
        explanation: quiz.explanation,
        attempts: a.attempts,
      },
    ];
  });
}

/** The player: every lesson of the release (quiz keys removed), states, results and where to resume. */
export async function learnCourse(c: TeamCtx, courseId: number): Promise<LearnCourse> {
  const course = await requireLearnable(c, courseId);
  const learner = learnerOf(c);
  const [[record], records, attempts, codes] = await Promise.all([
    courseRecords(c.ctx.db, learner, [courseId]),
    lessonRecords(c.ctx.db, learner, [courseId]),
    latestAttempts(c.ctx.db, learner, courseId),
    certificateCodes(c.ctx.db, learner, [courseId]),
  ]);
  const item = toItem(course, learner.teamId, records, record, codes.get(courseId) ?? null);
  const { states } = summarize(course, records);
  const byLesson = new Map(records.map((r) => [r.lessonId, r]));
  const lessons: LearnLesson[] = course.release.snapshot.lessons.map((l) => ({
    lessonId: l.lessonId,
    title: l.title,
    position: l.position,
    durationMin: l.durationMin,
    state: states.get(l.lessonId)!,
    content: stripQuizKeys(l.content),
    quizResults: toQuizResults(l, attempts),
  }));
  const resumeLesson = item.resumeLessonId;
  return {
    ...item,
    summary: course.release.snapshot.summary,
    lessons,
    resume:
      resumeLesson === null
        ? null
        : {
            lessonId: resumeLesson,
            position: resumeLesson === record?.lastLessonId ? (byLesson.get(resumeLesson)?.position ?? 0) : 0,
          },
  };
}

function progressFrom(course: LearnableCourse, lessonId: number, saved: PositionSaved): LearnProgress {
  const { states, completedCount, lessonCount, progress } = summarize(course, saved.records);
  return {
    lessonId,
    state: states.get(lessonId) ?? 'not_started',
    completedCount,
    lessonCount,
    progress,
    completedAt: saved.courseCompletedAt ? saved.courseCompletedAt.getTime() : null,
    certificateCode: saved.certificateCode,
  };
}

/** The progress as it stands after a completion. */
async function progressOf(c: TeamCtx, course: LearnableCourse, lessonId: number): Promise<LearnProgress> {
  const learner = learnerOf(c);
  const [[record], records, codes] = await Promise.all([
    courseRecords(c.ctx.db, learner, [course.courseId]),
    lessonRecords(c.ctx.db, learner, [course.courseId]),
    certificateCodes(c.ctx.db, learner, [course.courseId]),
  ]);
  return progressFrom(course, lessonId, {
    records,
    courseCompletedAt: record?.completedAt ?? null,
    certificateCode: codes.get(course.courseId) ?? null,
  });
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const certificateCode = () =>
  Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * Completes the lesson (every quiz in it answered, or 60001), then the course once every lesson of
 * the release is done, issuing the certificate in the same transaction.
 */
async function complete(c: TeamCtx, course: LearnableCourse, lesson: SnapshotLesson): Promise<void> {
  const learner = learnerOf(c);
  const answered = await answeredQuizIds(c.ctx.db, learner, lesson.lessonId);
  if (quizzesOf(lesson.content).some((q) => !answered.has(q.id))) throw new AppError(Code.QUIZ_UNANSWERED);
  await c.ctx.db.transaction(async (tx) => {
    await markLessonComplete(tx, learner, lesson.lessonId, course.release.hashes.get(lesson.lessonId)!);
    const records = await lessonRecords(tx, learner, [course.courseId]);
    const { completedCount, lessonCount } = summarize(course, records);
    if (completedCount < lessonCount || !(await markCourseComplete(tx, learner, course.courseId))) return;
    await insertCertificate(tx, {
      code: certificateCode(),
      ...learner,
      courseId: course.courseId,
      learnerName: c.actor.user.nickName,
      courseTitle: course.release.snapshot.title,
      teamName: c.membership.team.teamName,
    });
  });
}

/**
 * Where the learner is in a lesson (the player sends it every few seconds at most). Idempotent: the
 * same position again changes nothing but the time. Reaching the end completes the lesson when its
 * quizzes are answered; otherwise the position is kept and the lesson stays 学习中.
 */
export async function saveProgress(
  c: TeamCtx,
  body: { courseId: number; lessonId: number; position: number; reachedEnd: boolean },
): Promise<LearnProgress> {
  const course = await requireLearnable(c, body.courseId);
  const lesson = requireLesson(course, body.lessonId);
  const saved = await savePosition(c.ctx.db, learnerOf(c), course.courseId, lesson.lessonId, body.position);
  if (!body.reachedEnd) return progressFrom(course, lesson.lessonId, saved);
  try {
    await complete(c, course, lesson);
  } catch (error) {
    if (!(error instanceof AppError && error.code === Code.QUIZ_UNANSWERED)) throw error;
  }
  return progressOf(c, course, lesson.lessonId);
}

/** 标记完成: the learner says the lesson is done (its quizzes must be answered: 60001). */
export async function completeLesson(
  c: TeamCtx,
  body: { courseId: number; lessonId: number },
): Promise<LearnProgress> {
  const course = await requireLearnable(c, body.courseId);
  const lesson = requireLesson(course, body.lessonId);
  await savePosition(c.ctx.db, learnerOf(c), course.courseId, lesson.lessonId, 1);
  await complete(c, course, lesson);
  return progressOf(c, course, lesson.lessonId);
}

/** Grades an answer on the server and records the attempt; the key and explanation come back with it. */
export async function answerQuiz(
  c: TeamCtx,
  body: { courseId: number; lessonId: number; quizId: string; answer: QuizAnswer },
): Promise<QuizResult> {
  const course = await requireLearnable(c, body.courseId);
  const lesson = requireLesson(course, body.lessonId);
  const quiz = quizzesOf(lesson.content).find((q) => q.id === body.quizId);
  if (!quiz) throw invalidInput('quizId', '测验不在这个课时中');
  const shapeError = answerShapeError(quiz, body.answer);
  if (shapeError) throw invalidInput('answer', shapeError);
  const learner = learnerOf(c);
  const correct = gradeQuiz(quiz, body.answer);
  await insertAttempt(c.ctx.db, learner, { ...body, correct });
  const [result] = toQuizResults(
    lesson,
    (await latestAttempts(c.ctx.db, learner, course.courseId)).filter(
      (a) => a.lessonId === lesson.lessonId && a.quizId === quiz.id,
    ),
  );
  return result!;
}

/** The public verification page's data: the certificate's own fields, nothing else about the learner. */
export async function viewCertificate(ctx: AppContext, code: string): Promise<Certificate> {
  const row = await findCertificate(ctx.db, code);
  if (!row) throw new AppError(Code.NOT_FOUND);
  return {
    code: row.code,
    learnerName: row.learnerName,
    courseTitle: row.courseTitle,
    teamName: row.teamName,
    issuedAt: row.issuedAt.getTime(),
  };
}
