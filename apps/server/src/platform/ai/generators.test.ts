import { aiCreateBody, type Outline } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, generatorFor, startFakeLlm } from '../../../test/fake-llm.ts';
import { GenerationError } from './course-generator.ts';
import { parseLesson } from './lesson-answer.ts';
import { OpenAiCompatibleGenerator } from './openai-generator.ts';
import { TemplateGenerator, zhCourseTitle, zhSubject } from './template-generator.ts';

const request = aiCreateBody.parse({ topic: '机器学习', lessonCount: 2 });
const OUTLINE: Outline = {
  title: '机器学习入门',
  subtitle: '从零开始',
  summary: '两节课了解机器学习。',
  lessons: [
    { title: '什么是机器学习', goal: '理解概念' },
    { title: '第一个模型', goal: '动手训练' },
  ],
};
const LESSON = '## 概念\n机器学习让计算机从**数据**中学习。\n\n## 例子\n- 垃圾邮件识别\n- 推荐系统\n';

let llm: FakeLlm;
let gen: OpenAiCompatibleGenerator;
/** The same with a short watchdog, for the stall test alone: on a busy machine a healthy stream can
 * pause 400 ms between tokens, so the other tests' generator waits far longer than any of them. */
let quickToStall: OpenAiCompatibleGenerator;
beforeAll(async () => {
  llm = await startFakeLlm();
  gen = generatorFor(llm, { stallMs: 30_000, outlineAttempts: 3 });
  quickToStall = generatorFor(llm, { stallMs: 400, outlineAttempts: 3 });
});
afterAll(() => llm.close());

const never = new AbortController().signal;

describe('OpenAI-compatible generator against a fake server', () => {
  it('answers a validated outline, retrying a malformed answer', async () => {
    llm.script.push(
      { kind: 'json', content: '{"title": "半截' },
      { kind: 'json', content: JSON.stringify({ title: 'x' }) },
      { kind: 'json', content: JSON.stringify(OUTLINE) },
    );
    const outline = await gen.outline(request, never);
    expect(outline).toEqual(OUTLINE);
    expect(llm.requests.slice(-3).every((r) => !r.stream)).toBe(true);
    expect(llm.requests.at(-1)!.body).toContain('机器学习');
  });

  it('reports an outline that stays malformed instead of saving half of it', async () => {
    llm.script.push(
      { kind: 'json', content: 'not json' },
      { kind: 'json', content: '{"lessons": []}' },
      { kind: 'json', content: '[]' },
    );
    await expect(gen.outline(request, never)).rejects.toBeInstanceOf(GenerationError);
  });

  it('streams a lesson chunk by chunk, in order', async () => {
    const chunks = LESSON.match(/.{1,5}/gs)!;
    llm.script.push({ kind: 'stream', chunks, delayMs: 5 });
    const deltas: string[] = [];
    const text = await gen.lesson(request, OUTLINE, 0, (d) => deltas.push(d), never);
    expect(deltas).toEqual(chunks);
    expect(text).toBe(LESSON);
    expect(llm.requests.at(-1)!.stream).toBe(true);
  });

  it('aborts a stalled stream and a dropped connection with a clear error', async () => {
    llm.script.push({ kind: 'stall', chunks: ['## 开头\n'] });
    const started = Date.now();
    await expect(quickToStall.lesson(request, OUTLINE, 0, () => undefined, never)).rejects.toThrow(/stall/);
    expect(Date.now() - started).toBeLessThan(5_000);
    llm.script.push({ kind: 'drop', chunks: ['## 开头\n一半'] });
    await expect(gen.lesson(request, OUTLINE, 0, () => undefined, never)).rejects.toBeInstanceOf(
      GenerationError,
    );
  });

  it('refuses a lesson without sections', async () => {
    llm.script.push({ kind: 'stream', chunks: ['只有一句话，没有小标题。'] });
    await expect(gen.lesson(request, OUTLINE, 1, () => undefined, never)).rejects.toThrow(/malformed/);
  });

  it('stops when cancelled', async () => {
    llm.script.push({ kind: 'stream', chunks: Array.from({ length: 50 }, () => '字'), delayMs: 20 });
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(new Error('cancelled')), 100);
    await expect(gen.lesson(request, OUTLINE, 0, () => undefined, cancel.signal)).rejects.toThrow(
      /cancelled/,
    );
  });
});

describe('template generator', () => {
  it('writes the requested number of lessons, streamed, each a valid lesson', async () => {
    const t = new TemplateGenerator(0);
    const outline = await t.outline(aiCreateBody.parse({ topic: '摄影', lessonCount: 10 }));
    expect(outline.lessons).toHaveLength(10);
    expect(new Set(outline.lessons.map((l) => l.title)).size).toBe(10);
    const deltas: string[] = [];
    const text = await t.lesson(request, outline, 3, (d) => deltas.push(d), never);
    expect(deltas.join('')).toBe(text);
    expect(parseLesson(text)?.sections.length).toBeGreaterThan(1);
    expect(t.label).toContain('非 AI');
  });
});

describe('template titles', () => {
  it('never doubles 入门/课程/教程 and spaces Latin from Han', async () => {
    const t = new TemplateGenerator(0);
    const outline = await t.outline(aiCreateBody.parse({ topic: 'Excel 数据透视表入门', lessonCount: 8 }));
    expect(outline.title).toBe('Excel 数据透视表入门课程');
    expect(outline.lessons[0]!.title).toBe('认识 Excel 数据透视表');
    expect(outline.lessons[1]!.title).toBe('Excel 数据透视表的核心概念');
    expect(outline.lessons[3]!.title).toBe('动手实践：Excel 数据透视表');
    expect(outline.lessons[5]!.title).toBe('Excel 数据透视表进阶');
    expect(outline.summary).toContain('带你系统了解 Excel 数据透视表。');
    for (const l of outline.lessons)
      expect(l.title).not.toMatch(/入门入门|课程课程|[A-Za-z][\u4e00-\u9fff]|[\u4e00-\u9fff][A-Za-z]/);

    expect(zhCourseTitle('Excel数据透视表', 'beginner')).toBe('Excel 数据透视表入门课程');
    expect(zhCourseTitle('Python 入门课程', 'beginner')).toBe('Python 入门课程');
    expect(zhCourseTitle('摄影教程', 'beginner')).toBe('摄影教程');
    expect(zhCourseTitle('摄影', 'beginner')).toBe('摄影入门课程');
    expect(zhCourseTitle('摄影', 'advanced')).toBe('摄影课程');
    expect(zhCourseTitle('React 进阶', 'beginner')).toBe('React 进阶课程');
    expect(zhSubject('Excel 数据透视表入门课程')).toBe('Excel 数据透视表');
    expect(zhSubject('入门')).toBe('入门');
  });
});

describe('assist with the OpenAI-compatible generator', () => {
  it('streams the model text for the action', async () => {
    llm.script.push({ kind: 'stream', chunks: ['要点：', '数据驱动'] });
    const deltas: string[] = [];
    const text = await gen.assist(
      'summarize',
      '机器学习让计算机从数据中学习。',
      'zh-CN',
      (d) => deltas.push(d),
      never,
    );
    expect(text).toBe('要点：数据驱动');
    expect(llm.requests.at(-1)!.body).toContain('总结');
  });

  it('quiz: passes on only the checked quiz lines, and fails an answer with none', async () => {
    const single = {
      kind: 'single',
      question: '机器学习从什么中学习？',
      options: ['数据', '天气'],
      correct: [0],
    };
    const line = JSON.stringify(single);
    llm.script.push({
      kind: 'stream',
      chunks: [
        '```json\n',
        line.slice(0, 20),
        `${line.slice(20)}\n`,
        '{"kind":"single","question":"坏题"}\n',
        '```',
      ],
    });
    const deltas: string[] = [];
    const text = await gen.assist(
      'quiz',
      '机器学习让计算机从数据中学习。',
      'zh-CN',
      (d) => deltas.push(d),
      never,
    );
    expect(deltas).toEqual([`${JSON.stringify({ ...single, accepted: [], explanation: '' })}\n`]);
    expect(text).toBe(deltas.join(''));
    expect(llm.requests.at(-1)!.body).toContain('JSON Lines');

    llm.script.push({ kind: 'stream', chunks: ['1. 机器学习是什么？\n2. 举个例子。'] });
    await expect(gen.assist('quiz', '机器学习。', 'zh-CN', () => undefined, never)).rejects.toThrow(
      /no usable quiz/,
    );
  });
});
