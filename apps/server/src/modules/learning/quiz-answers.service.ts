/** Answering a quiz in the player: graded here, the attempt recorded, the progress after it. */
import {
  answerShapeError,
  Code,
  gradeQuiz,
  quizzesOf,
  type QuizAnswer,
  type QuizAnswered,
} from '@studio/contract';
import type { TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { attemptCount, insertAttempt, latestAttempts, lessonRecords, lockQuiz } from './learning.repo.ts';
import { savePosition } from './position-saves.repo.ts';
import {
  completionOf,
  learnerOf,
  requireLearnable,
  requireLesson,
  toQuizResults,
} from './learnable-course.ts';
import { completeIfAllowed, progressOf } from './lesson-completion.ts';

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
  if (!quiz) throw new AppError(Code.QUIZ_NOT_IN_LESSON, { data: { field: 'quizId' } });
  const shapeError = answerShapeError(quiz, body.answer);
  if (shapeError) throw new AppError(shapeError, { data: { field: 'answer' } });
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
  // Completes the lesson when this answer brings it there (a media lesson also asks its watching).
  await completeIfAllowed(c, course, lesson);
  const [result] = toQuizResults(
    lesson,
    attempts.filter((a) => a.lessonId === lesson.lessonId && a.quizId === quiz.id),
  );
  return { ...result!, progress: await progressOf(c, course, lesson.lessonId) };
}
