import { Code, type AiEvent, type AiJob } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import { isSettled, jobReducer, parseEvent, type JobView } from './job-state.ts';

const lessonFailed = { code: Code.AI_LESSON_FAILED, params: {} };
const outlineFailed = { code: Code.AI_OUTLINE_FAILED, params: {} };

const outline = {
  title: '摄影入门',
  subtitle: '',
  summary: '三节课',
  lessons: [
    { title: '认识相机', goal: '' },
    { title: '构图', goal: '' },
    { title: '光线', goal: '' },
  ],
};

const job = (over: Partial<AiJob> = {}): AiJob => ({
  jobId: 1,
  kind: 'generate',
  translation: null,
  status: 'outline_ready',
  request: {
    topic: '摄影',
    audience: '',
    level: 'beginner',
    lessonCount: 3,
    language: 'zh-CN',
    tone: 'friendly',
    reference: '',
  },
  outline,
  courseId: null,
  generator: { kind: 'template', label: '模板生成（非 AI）' },
  lessons: [],
  percent: 10,
  error: null,
  createTime: 1,
  updateTime: 1,
  lastEventId: 0,
  abilities: { outline: true, generate: true, retry: true, cancel: true },
  ...over,
});

const generating = (lastEventId = 0) =>
  job({
    status: 'generating',
    courseId: 9,
    lastEventId,
    lessons: outline.lessons.map((l, idx) => ({
      idx,
      title: l.title,
      status: 'pending',
      lessonId: 20 + idx,
      error: null,
    })),
  });

/** Applies events with ids from `from` on. */
const play = (view: JobView | null, events: AiEvent[], from = 1): JobView | null =>
  events.reduce((v, event, i) => jobReducer(v, { type: 'event', id: from + i, event }), view);

const start = (j: AiJob) => jobReducer(null, { type: 'snapshot', job: j });
const text = (view: JobView | null, idx: number) => view?.lessons[idx]?.text;

describe('jobReducer', () => {
  it('appends text deltas in order and resets a lesson that starts again', () => {
    const view = play(start(generating()), [
      { type: 'lesson-start', idx: 0, attempt: 1 },
      { type: 'text-delta', idx: 0, text: '## 目标' },
      { type: 'text-delta', idx: 0, text: '\n认识' },
      { type: 'text-delta', idx: 1, text: '构图' },
    ]);
    expect(text(view, 0)).toBe('## 目标\n认识');
    expect(view?.lessons[0]?.status).toBe('running');
    expect(text(view, 1)).toBe('构图');

    const again = play(
      view,
      [
        { type: 'lesson-start', idx: 0, attempt: 2 },
        { type: 'text-delta', idx: 0, text: '重写' },
      ],
      5,
    );
    expect(text(again, 0)).toBe('重写');
  });

  it('marks lessons done, follows stage and percent, and settles on done', () => {
    const view = play(start({ ...generating(), courseId: null }), [
      { type: 'lesson-start', idx: 0, attempt: 1 },
      { type: 'lesson-done', idx: 0, lessonId: 20 },
      { type: 'stage', status: 'generating', percent: 40 },
      { type: 'stage', status: 'done', percent: 100 },
    ]);
    expect(view?.lessons[0]).toMatchObject({ status: 'done', lessonId: 20 });
    expect(view?.percent).toBe(100);
    expect(view && isSettled(view)).toBe(false); // done, but the course id has not come yet
    const done = play(view, [{ type: 'done', courseId: 9 }], 5);
    expect(done).toMatchObject({ status: 'done', percent: 100, courseId: 9 });
    expect(done && isSettled(done)).toBe(true);
  });

  it('records a failed lesson and puts the job back to work when it is retried', () => {
    const failed = play(start(generating()), [
      { type: 'lesson-start', idx: 2, attempt: 1 },
      { type: 'error', idx: 2, error: lessonFailed },
      { type: 'stage', status: 'failed', percent: 70 },
    ]);
    expect(failed?.lessons[2]).toMatchObject({ status: 'failed', error: lessonFailed });
    expect(failed?.status).toBe('failed');
    const retried = play(failed, [{ type: 'lesson-start', idx: 2, attempt: 2 }], 4);
    expect(retried?.lessons[2]).toMatchObject({ status: 'running', error: null, text: '' });
    expect(retried?.status).toBe('generating');
  });

  it('keeps a job-wide error and a new outline', () => {
    const view = play(start(job({ status: 'outlining', outline: null })), [
      { type: 'outline', outline },
      { type: 'stage', status: 'outline_ready', percent: 10 },
      { type: 'error', idx: null, error: outlineFailed },
    ]);
    expect(view).toMatchObject({ outline, status: 'outline_ready', error: outlineFailed });
  });

  it('replays logged events only for their text after a reload, and skips repeated ids', () => {
    // The snapshot (detail) already knows lesson 0 is done; the log from id 1 rebuilds the text.
    const snapshot = generating(4);
    const lessons = snapshot.lessons.map((l) => (l.idx === 0 ? { ...l, status: 'done' as const } : l));
    const log: AiEvent[] = [
      { type: 'stage', status: 'outlining', percent: 0 },
      { type: 'lesson-start', idx: 0, attempt: 1 },
      { type: 'text-delta', idx: 0, text: '旧文本' },
      { type: 'lesson-done', idx: 0, lessonId: 20 },
      { type: 'lesson-start', idx: 1, attempt: 1 },
    ];
    const view = play(start({ ...snapshot, lessons }), log);
    expect(view?.status).toBe('generating'); // the old stage did not move the page back
    expect(view?.lessons[0]).toMatchObject({ status: 'done', text: '旧文本' });
    expect(view?.lessons[1]?.status).toBe('running'); // id 5 is new: applied in full
    const repeated = jobReducer(view, {
      type: 'event',
      id: 3,
      event: { type: 'text-delta', idx: 0, text: '!' },
    });
    expect(text(repeated, 0)).toBe('旧文本');
  });

  it('ignores a snapshot older than the stream, keeps text across a newer one', () => {
    const view = play(start(generating()), [
      { type: 'lesson-start', idx: 0, attempt: 1 },
      { type: 'text-delta', idx: 0, text: 'abc' },
    ]);
    expect(jobReducer(view, { type: 'snapshot', job: job({ lastEventId: 1 }) })).toBe(view);
    const newer = jobReducer(view, { type: 'snapshot', job: { ...generating(3), status: 'cancelled' } });
    expect(newer?.status).toBe('cancelled');
    expect(text(newer, 0)).toBe('abc');
  });

  it('builds the lesson list from the outline when generation started elsewhere', () => {
    const view = play(start(job()), [
      { type: 'stage', status: 'generating', percent: 10 },
      { type: 'lesson-start', idx: 1, attempt: 1 },
    ]);
    expect(view?.lessons.map((l) => [l.title, l.status])).toEqual([
      ['认识相机', 'pending'],
      ['构图', 'running'],
      ['光线', 'pending'],
    ]);
  });
});

describe('parseEvent', () => {
  it('reads an event with its id and drops keepalives and junk', () => {
    expect(parseEvent({ id: '7', data: '{"type":"text-delta","idx":0,"text":"a"}' })).toEqual({
      id: 7,
      event: { type: 'text-delta', idx: 0, text: 'a' },
    });
    expect(parseEvent({ id: '', data: '{"type":"keepalive"}' })).toBeNull();
    expect(parseEvent({ id: '8', data: 'not json' })).toBeNull();
    expect(parseEvent({ id: '9', data: '{"type":"nope"}' })).toBeNull();
  });

  it('drops an event whose fields do not fit its type (parsed by the contract, not cast)', () => {
    expect(parseEvent({ id: '10', data: '{"type":"text-delta","idx":0}' })).toBeNull();
    expect(parseEvent({ id: '11', data: '{"type":"lesson-done","idx":"1","lessonId":3}' })).toBeNull();
    expect(parseEvent({ id: '12', data: '{"type":"stage","status":"dancing","percent":5}' })).toBeNull();
    expect(parseEvent({ id: '13', data: '{"type":"done","courseId":4}' })).toEqual({
      id: 13,
      event: { type: 'done', courseId: 4 },
    });
  });
});
