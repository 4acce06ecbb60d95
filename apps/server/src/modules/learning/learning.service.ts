/**
 * The learner's side: 我的学习, the course player, progress, quizzes graded here, completion and
 * certificates. A learner reads the latest release of a course their team holds (policy.canLearn);
 * quiz keys never leave the server before an answer; progress is per user and team.
 */
import {
  answerShapeError,
  Code,
  DEFAULT_COMPLETION,
  quizScore,
  quizzesOf,
  stripQuizKeys,
  type CompletionSettings,
  type LearnCourse,
  type LearnCourseItem,
  type LearnFilter,
  type LearnLesson,
  type LearnProgress,
  type LessonLearnState,
  type QuizAnswer,
  type QuizAnswered,
  type QuizResult,
  gradeQuiz,
} from '@studio/contract';
import type { TeamCtx } from '../../platform/auth.ts';
import type { Db } from '../../db/client.ts';
import { AppError, invalidInput } from '../../platform/errors.ts';
import { authorize, canLearn } from '../../platform/policy.ts';
import {
  attemptCount,
  certificateCodes,
  courseRecords,
  findLearnable,
  insertAttempt,
  insertCertificate,
  latestAttempts,
  lessonRecords,
  listLearnable,
  lockQuiz,
  markCourseComplete,
  markLessonComplete,
  savePosition,
  type LearnableRow,
  type Learner,
  type AttemptMark,
  type LessonRecord,
  type PositionSaved,
} from './learning.repo.ts';
import { newCertificateCode } from './certificates.service.ts';
import { releaseContent, type ReleaseContent } from './release-content.ts';

const learnerOf = (c: TeamCtx): Learner => ({ teamId: c.membership.team.id, userId: c.actor.user.id });

/** A course the team may learn, with the content of the release its learners read. */
type LearnableCourse = LearnableRow & { release: ReleaseContent & { versionNo: number } };
type SnapshotLesson = LearnableCourse['release']['snapshot']['lessons'][number];

async function withContent(c: TeamCtx, row: LearnableRow): Promise<LearnableCourse> {
  const content = await releaseContent(c.ctx.db, row.releaseId);
  return { ...row, release: { ...content, versionNo: row.versionNo } };
}

/** The course's completion rules as released (a release older than the settings: the defaults). */
const completionOf = (course: LearnableCourse): CompletionSettings =>
  course.release.snapshot.completion ?? DEFAULT_COMPLETION;

/** The quizzes of some lessons, how many have an answer and how many the latest answers got right. */
function quizTally(lessons: SnapshotLesson[], attempts: AttemptMark[]) {
  const latest = new Map(attempts.map((a) => [`${a.lessonId}:${a.quizId}`, a.correct]));
  let total = 0;
  let answered = 0;
  let correct = 0;
  for (const lesson of lessons) {
    for (const quiz of quizzesOf(lesson.content)) {
      const mark = latest.get(`${lesson.lessonId}:${quiz.id}`);
      total += 1;
      if (mark !== undefined) answered += 1;
      if (mark) correct += 1;
    }
  }
  return { total, answered, correct, score: quizScore(correct, total) };
}

/** Seconds of the course's minimum time the learner still has to spend on a lesson without quizzes. */
function waitSecondsOf(course: LearnableCourse, lesson: SnapshotLesson, record: LessonRecord | undefined) {
  if (record?.completedAt || quizzesOf(lesson.content).length > 0) return 0;
  return Math.max(0, completionOf(course).minLessonSeconds - (record?.studiedSeconds ?? 0));
}

/**
 * Why the lesson cannot complete now, or nothing: a quiz lesson needs every quiz answered (60001)
 * and a score at the pass mark (30031); any other lesson the minimum time since it was first opened
 * (30030, measured by the database's clock).
 */
function completionRefusal(
  course: LearnableCourse,
  lesson: SnapshotLesson,
  record: LessonRecord | undefined,
  attempts: AttemptMark[],
): AppError | null {
  const quiz = quizTally([lesson], attempts);
  const { passMark } = completionOf(course);
  if (quiz.total > 0) {
    if (quiz.answered < quiz.total) return new AppError(Code.QUIZ_UNANSWERED);
    if (quiz.score! < passMark) {
      return new AppError(Code.QUIZ_NOT_PASSED, { params: { score: quiz.score!, passMark } });
    }
    return null;
  }
  const waitSeconds = waitSecondsOf(course, lesson, record);
  return waitSeconds > 0 ? new AppError(Code.LESSON_MIN_TIME, { params: { waitSeconds } }) : null;
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
  const lessons: LearnLesson[] = course.release.snapshot.lessons.map((l) => {
    const tally = quizTally([l], attempts);
    return {
      lessonId: l.lessonId,
      title: l.title,
      position: l.position,
      durationMin: l.durationMin,
      state: states.get(l.lessonId)!,
      content: stripQuizKeys(l.content),
      quizResults: toQuizResults(l, attempts),
      quizCount: tally.total,
      score: tally.score,
      waitSeconds: waitSecondsOf(course, l, byLesson.get(l.lessonId)),
    };
  });
  const resumeLesson = item.resumeLessonId;
  return {
    ...item,
    summary: course.release.snapshot.summary,
    completion: completionOf(course),
    score: quizTally(course.release.snapshot.lessons, attempts).score,
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
  const lesson = requireLesson(course, lessonId);
  return {
    lessonId,
    state: states.get(lessonId) ?? 'not_started',
    completedCount,
    lessonCount,
    progress,
    completedAt: saved.courseCompletedAt ? saved.courseCompletedAt.getTime() : null,
    certificateCode: saved.certificateCode,
    score: quizTally(course.release.snapshot.lessons, saved.attempts).score,
    lessonScore: quizTally([lesson], saved.attempts).score,
    waitSeconds: waitSecondsOf(
      course,
      lesson,
      saved.records.find((r) => r.lessonId === lessonId),
    ),
  };
}

/** The progress as it stands after a completion or an answer. */
async function progressOf(c: TeamCtx, course: LearnableCourse, lessonId: number): Promise<LearnProgress> {
  const learner = learnerOf(c);
  const [[record], records, codes, attempts] = await Promise.all([
    courseRecords(c.ctx.db, learner, [course.courseId]),
    lessonRecords(c.ctx.db, learner, [course.courseId]),
    certificateCodes(c.ctx.db, learner, [course.courseId]),
    latestAttempts(c.ctx.db, learner, course.courseId),
  ]);
  return progressFrom(course, lessonId, {
    records,
    courseCompletedAt: record?.completedAt ?? null,
    certificateCode: codes.get(course.courseId) ?? null,
    attempts,
  });
}

/**
 * The course completes, and its certificate is issued, once every lesson of the release is done and
 * the course's quiz score (latest answers) is at or above its pass mark; inside the caller's transaction.
 */
async function settleCourse(tx: Db, c: TeamCtx, course: LearnableCourse): Promise<void> {
  const learner = learnerOf(c);
  const records = await lessonRecords(tx, learner, [course.courseId]);
  const { completedCount, lessonCount } = summarize(course, records);
  if (completedCount < lessonCount) return;
  const attempts = await latestAttempts(tx, learner, course.courseId);
  const { score } = quizTally(course.release.snapshot.lessons, attempts);
  if (score !== null && score < completionOf(course).passMark) return;
  if (!(await markCourseComplete(tx, learner, course.courseId))) return;
  await insertCertificate(tx, {
    code: newCertificateCode(),
    ...learner,
    courseId: course.courseId,
    learnerName: c.actor.user.nickName,
    courseTitle: course.release.snapshot.title,
    // 颁发团队: the team that made the course; the learner's own team is named beside it.
    issuerTeamName: course.teamName,
    teamName: c.membership.team.teamName,
  });
}

/**
 * Completes the lesson when the course's rules allow (else throws why: 60001, 30030, 30031), then
 * the course (see settleCourse) in the same transaction. A lesson already completed as it reads now
 * stays so, and the course is settled again (a better answer may have brought the score up).
 */
async function complete(c: TeamCtx, course: LearnableCourse, lesson: SnapshotLesson): Promise<void> {
  const learner = learnerOf(c);
  await c.ctx.db.transaction(async (tx) => {
    const records = await lessonRecords(tx, learner, [course.courseId]);
    const record = records.find((r) => r.lessonId === lesson.lessonId);
    if (stateOf(course, lesson, record) !== 'completed') {
      const refusal = completionRefusal(
        course,
        lesson,
        record,
        await latestAttempts(tx, learner, course.courseId),
      );
      if (refusal) throw refusal;
      await markLessonComplete(tx, learner, lesson.lessonId, course.release.hashes.get(lesson.lessonId)!);
    }
    await settleCourse(tx, c, course);
  });
}

/** What the course's rules refuse for now: reaching the end then keeps the lesson 学习中. */
const NOT_YET: readonly number[] = [Code.QUIZ_UNANSWERED, Code.QUIZ_NOT_PASSED, Code.LESSON_MIN_TIME];

/**
 * Where the learner is in a lesson (the player sends it every few seconds at most). Idempotent: the
 * same position again changes nothing but the time. Reaching the end completes the lesson when the
 * course's rules allow (minimum time, quizzes passed); otherwise the position is kept, the lesson
 * stays 学习中 and `waitSeconds` says when to send again.
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
    if (!(error instanceof AppError && NOT_YET.includes(error.code))) throw error;
  }
  return progressOf(c, course, lesson.lessonId);
}

/** 标记为已学完: the learner says the lesson is done; refused with the rule it misses (60001, 30030, 30031). */
export async function completeLesson(
  c: TeamCtx,
  body: { courseId: number; lessonId: number },
): Promise<LearnProgress> {
  const course = await requireLearnable(c, body.courseId);
  const lesson = requireLesson(course, body.lessonId);
  const learner = learnerOf(c);
  const [record] = (await lessonRecords(c.ctx.db, learner, [course.courseId])).filter(
    (r) => r.lessonId === lesson.lessonId,
  );
  // Keeps the reading position (a lesson never opened starts its minimum time now).
  await savePosition(c.ctx.db, learner, course.courseId, lesson.lessonId, record?.position ?? 0);
  await complete(c, course, lesson);
  return progressOf(c, course, lesson.lessonId);
}

/**
 * Grades an answer on the server and records the attempt (at most the course's limit per quiz:
 * 30032); the key and explanation come back with it, and the progress after it: an answer that
 * brings the lesson's quizzes to the pass mark completes the lesson (and may complete the course).
 */
export async function answerQuiz(
  c: TeamCtx,
  body: { courseId: number; lessonId: number; quizId: string; answer: QuizAnswer },
): Promise<QuizAnswered> {
  const course = await requireLearnable(c, body.courseId);
  const lesson = requireLesson(course, body.lessonId);
  const quiz = quizzesOf(lesson.content).find((q) => q.id === body.quizId);
  if (!quiz) throw invalidInput('quizId', '测验不在这个课时中');
  const shapeError = answerShapeError(quiz, body.answer);
  if (shapeError) throw invalidInput('answer', shapeError);
  const learner = learnerOf(c);
  const correct = gradeQuiz(quiz, body.answer);
  const max = completionOf(course).maxQuizAttempts;
  await c.ctx.db.transaction(async (tx) => {
    await lockQuiz(tx, learner, lesson.lessonId, quiz.id);
    if (max !== null && (await attemptCount(tx, learner, lesson.lessonId, quiz.id)) >= max) {
      throw new AppError(Code.QUIZ_ATTEMPTS_USED_UP, { params: { max } });
    }
    await insertAttempt(tx, learner, { ...body, correct });
  });
  const [records, attempts] = await Promise.all([
    lessonRecords(c.ctx.db, learner, [course.courseId]),
    latestAttempts(c.ctx.db, learner, course.courseId),
  ]);
  const record = records.find((r) => r.lessonId === lesson.lessonId);
  // Answering in a lesson is studying it (学习中), even when the player's position save came later.
  if (!record) await savePosition(c.ctx.db, learner, course.courseId, lesson.lessonId, 0);
  const done = stateOf(course, lesson, record) === 'completed';
  if (done || !completionRefusal(course, lesson, record, attempts)) await complete(c, course, lesson);
  const [result] = toQuizResults(
    lesson,
    attempts.filter((a) => a.lessonId === lesson.lessonId && a.quizId === quiz.id),
  );
  return { ...result!, progress: await progressOf(c, course, lesson.lessonId) };
}
