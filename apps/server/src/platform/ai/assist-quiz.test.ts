import { gradeQuiz, QUIZ_ID, sanitizeDoc } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import { checkQuiz, QuizLines, type AssistQuiz } from './assist-quiz.ts';
import { templateQuizzes } from './template-quiz.ts';

const SINGLE = {
  kind: 'single',
  question: '哪个是关键字？',
  options: ['def', 'func'],
  correct: [0],
  explanation: 'def',
};

/** The quizzes a run passes on, read as the editor reads them (one per line). */
const run = (chunks: string[]) => {
  const out: string[] = [];
  const lines = new QuizLines((t) => out.push(t));
  chunks.forEach(lines.push);
  lines.end();
  const quizzes = out
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as AssistQuiz);
  return { out, quizzes, lines };
};

/** As the lesson would store it: the contract's whitelist keeps the quiz whole. */
const storable = (quiz: AssistQuiz) => {
  const node = { type: 'quiz', attrs: { id: 'q-test', ...quiz } };
  expect(sanitizeDoc({ type: 'doc', content: [node] }).content?.[0]).toEqual(node);
};

describe('quiz lines from a model', () => {
  it('checks each quiz: answerable, gradable, the key in range', () => {
    expect(checkQuiz(SINGLE)).toEqual({ ...SINGLE, accepted: [] });
    expect(checkQuiz({ ...SINGLE, correct: 0 })?.correct).toEqual([0]);
    expect(checkQuiz({ ...SINGLE, correct: [2] })).toBeNull();
    expect(checkQuiz({ ...SINGLE, correct: [0, 1] })).toBeNull();
    expect(checkQuiz({ ...SINGLE, kind: 'multiple', correct: [1, 0, 1] })?.correct).toEqual([0, 1]);
    expect(checkQuiz({ ...SINGLE, options: ['def'] })).toBeNull();
    expect(checkQuiz({ ...SINGLE, question: ' ' })).toBeNull();
    expect(checkQuiz({ kind: 'truefalse', question: '对吗', options: ['对', '错'], correct: [1] })).toEqual({
      kind: 'truefalse',
      question: '对吗',
      options: [],
      correct: [1],
      accepted: [],
      explanation: '',
    });
    expect(checkQuiz({ kind: 'truefalse', question: '对吗', correct: [2] })).toBeNull();
    expect(checkQuiz({ kind: 'blank', question: '1+1=____', accepted: ['2', '二', '2'] })?.accepted).toEqual([
      '2',
      '二',
    ]);
    expect(checkQuiz({ kind: 'blank', question: '1+1=____', accepted: [] })).toBeNull();
    expect(checkQuiz({ kind: 'essay', question: '写一篇' })).toBeNull();
  });

  it('passes each checked line on as soon as it is complete, and nothing else', () => {
    const answer = [
      '```json\n',
      `${JSON.stringify(SINGLE)}\n`,
      '这是一道题的说明文字\n',
      `1. ${JSON.stringify({ ...SINGLE, correct: [5] })}\n`,
      `- ${JSON.stringify({ kind: 'blank', question: '____ 是首都', accepted: ['北京'] })},\n`,
      '```',
    ].join('');
    const out: string[] = [];
    const lines = new QuizLines((t) => out.push(t));
    lines.push(answer.slice(0, 60));
    expect(out).toEqual([]);
    lines.push(answer.slice(60));
    lines.end();
    expect(out).toHaveLength(2);
    expect(out.every((l) => l.endsWith('\n'))).toBe(true);
    expect(lines.text).toBe(out.join(''));
    expect(out.map((l) => (JSON.parse(l) as AssistQuiz).kind)).toEqual(['single', 'blank']);
  });

  it('reads a pretty-printed array whole at the end', () => {
    const { quizzes } = run([
      JSON.stringify([SINGLE, { kind: 'truefalse', question: '对', correct: [0] }], null, 2),
    ]);
    expect(quizzes.map((q) => q.kind)).toEqual(['single', 'truefalse']);
  });
});

describe('template quizzes (no model)', () => {
  const ZH =
    '机器学习让计算机从数据中学习规律。监督学习需要带标签的数据。常见的算法有决策树和神经网络。模型训练之后要在测试集上评估。';

  it('makes a choice, a true/false and a blank question, right by construction', () => {
    const quizzes = templateQuizzes(ZH, 'zh-CN');
    expect(quizzes.map((q) => q.kind)).toEqual(['single', 'truefalse', 'blank']);
    quizzes.forEach(storable);
    quizzes.forEach((q) => expect(checkQuiz(q)).toEqual(q));
    const [single, judge, blank] = quizzes as [AssistQuiz, AssistQuiz, AssistQuiz];
    // The right option is the word taken out of the sentence in the explanation.
    const right = single.options[single.correct[0]!]!;
    expect(single.question).toContain('____');
    expect(single.question.replaceAll('____', right)).toContain(single.explanation.slice(4, -1));
    expect(single.options.length).toBeGreaterThanOrEqual(2);
    expect(judge.explanation).toBeTruthy();
    expect(gradeQuiz({ id: 'q', ...blank }, { text: blank.accepted[0]! })).toBe(true);
    expect(blank.question).toContain('____');
    expect(blank.question).not.toContain(blank.accepted[0]!);
  });

  it('writes English quizzes for an English lesson, and still one quiz for a single short sentence', () => {
    const quizzes = templateQuizzes(
      'Photosynthesis turns sunlight into chemical energy. Chlorophyll absorbs light in the leaves.',
      'en-US',
    );
    expect(quizzes.length).toBeGreaterThanOrEqual(2);
    quizzes.forEach((q) => expect(checkQuiz(q)).toEqual(q));
    expect(quizzes[0]!.question).toMatch(/^Choose the word/);
    const short = templateQuizzes('你好', 'zh-CN');
    expect(short.length).toBeGreaterThanOrEqual(1);
    short.forEach((q) => expect(checkQuiz(q)).toEqual(q));
    expect(QUIZ_ID.test('q-test')).toBe(true);
  });
});
