/**
 * The jobs room's face: an AI job's state moves, rows and queue, as the translate room builds its
 * kind of job on them (rooms.test.ts holds the rooms' one-way order).
 */
export { queueLesson } from './ai.jobs.ts';
export { findJobLesson, insertJob, insertJobLessons, jobLessons, updateJobLesson } from './ai.repo.ts';
export { lessonError, spentOf, watchCancel } from './ai.run.ts';
export { jobDetail } from './ai.service.ts';
export {
  jobSettled,
  lessonRetried,
  moveJob,
  spend,
  transition,
  type JobMoves,
  type Spent,
} from './ai.state.ts';
export {
  lessonFailed,
  lessonHold,
  lessonStarted,
  lessonText,
  ownLesson,
  type LessonRun,
} from './ai.lesson-state.ts';
