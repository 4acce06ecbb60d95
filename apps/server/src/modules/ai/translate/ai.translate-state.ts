/**
 * The state changes of a `translate` job (see ai.state.ts: each one's rows, events and NOTIFY in one
 * transaction). A translation starts generating at once (no outline to review): its draft course, one
 * job lesson per source lesson (with the source lesson as it was) and the job commit together.
 */
import type { AiJobStatus, DocNode } from '@studio/contract';
import type { Db } from '../../../db/client.ts';
import type { AiJobRow, JobTranslation } from '../../../db/schema.ts';
import {
  writeGeneratedLesson,
  writeTranslatedCourseTexts,
  writeTranslatedLessonTitle,
} from '../../courses/index.ts';
import {
  type JobMoves,
  type LessonRun,
  type Spent,
  insertJob,
  insertJobLessons,
  moveJob,
  ownLesson,
  spend,
  transition,
  updateJobLesson,
} from '../jobs/index.ts';
import type { aiJobs } from '../../../db/schema.ts';

type NewJob = Omit<typeof aiJobs.$inferInsert, 'status' | 'kind' | 'translation'>;

/**
 * A translation's status moves (a part of ai.state.ts `MOVES`): it has no outline, so it starts
 * generating and never outlines or waits for a review; after its last lesson it is done or failed, a
 * cancel stops it, and 继续翻译 puts a failed or cancelled one back to generating.
 */
export const TRANSLATION_MOVES: JobMoves = {
  outlining: [],
  outline_ready: [],
  generating: ['generating', 'done', 'failed', 'cancelled'],
  done: [],
  failed: ['generating'],
  cancelled: ['generating'],
};

export const translationStarted = (
  ctx: Parameters<typeof transition>[0],
  row: NewJob,
  translation: JobTranslation,
  sources: { title: string; content: DocNode }[],
  makeCourse: (tx: Db) => Promise<{ courseId: number; lessonIds: number[] }>,
): Promise<AiJobRow> =>
  transition(
    ctx,
    (job) => job.id,
    async (tx, tell) => {
      const job = await insertJob(tx, { ...row, kind: 'translate', translation, status: 'generating' });
      const { courseId, lessonIds } = await makeCourse(tx);
      await insertJobLessons(
        tx,
        sources.map((source, idx) => ({
          jobId: job.id,
          idx,
          title: source.title,
          lessonId: lessonIds[idx]!,
          source,
        })),
      );
      // A course without lessons is translated by its texts alone: done at once.
      const status: AiJobStatus = sources.length ? 'generating' : 'done';
      if (!sources.length) await writeTranslatedCourseTexts(tx, courseId, translation.course);
      const started = (await moveJob(tx, job.id, TRANSLATION_MOVES, ['generating'], status, { courseId }))!;
      await tell({ type: 'stage', status, percent: sources.length ? 10 : 100 });
      if (!sources.length) await tell({ type: 'done', courseId });
      return started;
    },
  );

/**
 * A translated lesson (and, with the first, the course's own texts) written into the translation and
 * done, only while the lesson is still the run's. Throws LessonTooLargeError (nothing written).
 */
export const lessonTranslated = (
  ctx: Parameters<typeof transition>[0],
  job: { id: number; courseId: number },
  run: LessonRun,
  lessonId: number,
  lesson: { title: string; content: DocNode },
  course?: { title: string; subtitle: string; summary: string },
  spent?: Spent,
): Promise<boolean> =>
  transition(ctx, job.id, async (tx, tell) => {
    await spend(tx, spent);
    if (!(await ownLesson(tx, job.id, run, 'update'))) return false;
    await writeGeneratedLesson(tx, lessonId, lesson.content);
    await writeTranslatedLessonTitle(tx, lessonId, lesson.title);
    if (course) await writeTranslatedCourseTexts(tx, job.courseId, course);
    await updateJobLesson(tx, job.id, run.idx, { status: 'done' });
    await tell({ type: 'lesson-done', idx: run.idx, lessonId });
    return true;
  });
