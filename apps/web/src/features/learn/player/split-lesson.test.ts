import type { DocNode } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import { blankQuiz, paragraph, singleQuiz } from '../../../test/learn-fixtures.ts';
import { splitLesson } from './split-lesson.ts';

const doc = (...content: DocNode[]): DocNode => ({ type: 'doc', content });

describe('splitLesson', () => {
  it('keeps runs of ordinary blocks together and puts each quiz on its own, in reading order', () => {
    const parts = splitLesson(doc(paragraph('一'), paragraph('二'), singleQuiz, blankQuiz, paragraph('三')));
    expect(parts.map((p) => p.kind)).toEqual(['content', 'quiz', 'quiz', 'content']);
    expect(parts[0]).toMatchObject({ doc: doc(paragraph('一'), paragraph('二')) });
    expect(parts[1]).toMatchObject({
      quiz: {
        id: 'q-single',
        kind: 'single',
        question: 'Python 的列表用什么括号？',
        options: ['()', '[]', '{}'],
      },
    });
    expect(parts[3]).toMatchObject({ doc: doc(paragraph('三')) });
    expect(new Set(parts.map((p) => p.key)).size).toBe(parts.length);
  });

  it('lifts a quiz out of a block (a callout) and shows it right after, so it can be answered', () => {
    const callout: DocNode = {
      type: 'callout',
      attrs: { tone: 'info' },
      content: [paragraph('提示'), singleQuiz],
    };
    const parts = splitLesson(doc(callout, paragraph('后文')));
    expect(parts.map((p) => p.kind)).toEqual(['content', 'quiz', 'content']);
    expect(parts[0]).toMatchObject({
      doc: doc({ type: 'callout', attrs: { tone: 'info' }, content: [paragraph('提示')] }),
    });
  });

  it('a lesson of quizzes only, or of nothing', () => {
    expect(splitLesson(doc(singleQuiz)).map((p) => p.kind)).toEqual(['quiz']);
    expect(splitLesson(doc())).toEqual([]);
  });
});
