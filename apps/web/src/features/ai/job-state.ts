import {
  aiEventSchema,
  type AiError,
  type AiEvent,
  type AiJob,
  type AiJobStatus,
  type AiLessonStatus,
} from '@studio/contract';

/** One lesson as the progress page shows it: the server's row plus the text streamed so far. */
export interface LessonView {
  idx: number;
  title: string;
  status: AiLessonStatus;
  lessonId: number | null;
  /** A code and params, said in the reader's language (lib/error-text.ts `aiErrorText`). */
  error: AiError | null;
  text: string;
}

/** The progress page's picture of a job: the last snapshot with the stream's events applied. */
export interface JobView extends Omit<AiJob, 'lessons' | 'lastEventId'> {
  lessons: LessonView[];
  /** The id of the last stream event applied. */
  lastId: number;
  /**
   * Events up to this id are already part of the snapshot: replaying them only rebuilds the text
   * (which no snapshot carries), so an old `stage` cannot move the page backwards.
   */
  snapshotId: number;
}

export type JobAction = { type: 'snapshot'; job: AiJob } | { type: 'event'; id: number; event: AiEvent };

const TERMINAL: readonly AiJobStatus[] = ['done', 'cancelled'];

/** Done (with its course) or cancelled, and every logged event replayed: nothing more will come. */
export const isSettled = (view: JobView): boolean =>
  TERMINAL.includes(view.status) &&
  (view.status !== 'done' || view.courseId !== null) &&
  view.lastId >= view.snapshotId;

const mergeLessons = (job: AiJob, previous: LessonView[]): LessonView[] =>
  job.lessons.map((l) => ({ ...l, text: previous.find((p) => p.idx === l.idx)?.text ?? '' }));

/** A server snapshot (detail or an action's answer). One older than the stream's position is ignored. */
const applySnapshot = (current: JobView | null, job: AiJob): JobView => {
  const view = current?.jobId === job.jobId ? current : null;
  if (view && job.lastEventId < view.lastId) return view;
  const { lessons: _lessons, lastEventId, ...rest } = job;
  return {
    ...rest,
    lessons: mergeLessons(job, view?.lessons ?? []),
    lastId: view?.lastId ?? 0,
    snapshotId: Math.max(view?.snapshotId ?? 0, lastEventId),
  };
};

/** Lessons from the outline, for a job whose generation started elsewhere (another tab). */
const lessonsFromOutline = (view: JobView): LessonView[] =>
  (view.outline?.lessons ?? []).map((l, idx) => ({
    idx,
    title: l.title,
    status: 'pending',
    lessonId: null,
    error: null,
    text: '',
  }));

const patchLesson = (view: JobView, idx: number, patch: (l: LessonView) => LessonView): JobView => {
  const lessons = view.lessons.length ? view.lessons : lessonsFromOutline(view);
  const known = lessons.some((l) => l.idx === idx);
  const blank: LessonView = {
    idx,
    title: view.outline?.lessons[idx]?.title ?? '',
    status: 'pending',
    lessonId: null,
    error: null,
    text: '',
  };
  const all = known ? lessons : [...lessons, blank].sort((a, b) => a.idx - b.idx);
  return { ...view, lessons: all.map((l) => (l.idx === idx ? patch(l) : l)) };
};

/** Events the snapshot already covers: only the text is rebuilt. */
const replayText = (view: JobView, event: AiEvent): JobView => {
  if (event.type === 'lesson-start') return patchLesson(view, event.idx, (l) => ({ ...l, text: '' }));
  if (event.type === 'text-delta') {
    return patchLesson(view, event.idx, (l) => ({ ...l, text: l.text + event.text }));
  }
  return view;
};

const applyLive = (view: JobView, event: AiEvent): JobView => {
  switch (event.type) {
    case 'stage': {
      const next = { ...view, status: event.status, percent: event.percent };
      if (event.status === 'generating' && !view.lessons.length) next.lessons = lessonsFromOutline(view);
      return next;
    }
    case 'outline':
      return { ...view, outline: event.outline };
    case 'lesson-start': {
      // A retry starts the lesson over, and puts a failed job back to work.
      const next = patchLesson(view, event.idx, (l) => ({ ...l, status: 'running', error: null, text: '' }));
      return view.status === 'failed' ? { ...next, status: 'generating', error: null } : next;
    }
    case 'text-delta':
      return patchLesson(view, event.idx, (l) => ({ ...l, text: l.text + event.text }));
    case 'lesson-done':
      return patchLesson(view, event.idx, (l) => ({ ...l, status: 'done', lessonId: event.lessonId }));
    case 'error':
      if (event.idx === null) return { ...view, error: event.error };
      return patchLesson(view, event.idx, (l) => ({ ...l, status: 'failed', error: event.error }));
    case 'done':
      return { ...view, status: 'done', percent: 100, courseId: event.courseId };
  }
};

/** The progress page's reducer. Events arrive in id order; one already applied is skipped. */
export const jobReducer = (view: JobView | null, action: JobAction): JobView | null => {
  if (action.type === 'snapshot') return applySnapshot(view, action.job);
  if (!view || action.id <= view.lastId) return view;
  const next = action.id <= view.snapshotId ? replayText(view, action.event) : applyLive(view, action.event);
  return { ...next, lastId: action.id };
};

/** An SSE message as an event with its id; keepalives and anything unreadable are `null`. */
export const parseEvent = (message: { id: string; data: string }): { id: number; event: AiEvent } | null => {
  const id = Number(message.id);
  if (!message.id || !Number.isInteger(id)) return null;
  try {
    const parsed = aiEventSchema.safeParse(JSON.parse(message.data));
    return parsed.success ? { id, event: parsed.data } : null;
  } catch {
    return null; // not JSON
  }
};
