import { describe, expect, it } from 'vitest';
import { Code } from './codes.ts';
import { sanitizeDoc } from './content-sanitizer.ts';
import { answerShapeError, gradeQuiz, quizzesOf, stripQuizKeys, type QuizAttrs } from './quiz.ts';
import type { DocNode } from './schemas/course.ts';

const quizNode = (attrs: object): DocNode => ({ type: 'quiz', attrs: { ...attrs } });
const doc = (...content: DocNode[]): DocNode => ({ type: 'doc', content });
const single: QuizAttrs = {
  id: 'q1',
  kind: 'single',
  question: '1 + 1 = ?',
  options: ['1', '2', '3'],
  correct: [1],
  accepted: [],
  explanation: '一加一等于二',
};

describe('quiz blocks in lesson content', () => {
  it('keep their checked attributes through the sanitizer and lose anything else', () => {
    const cleaned = sanitizeDoc(
      doc(
        quizNode({
          ...single,
          onclick: 'alert(1)',
          options: ['1', 2, '2', '', '3'],
          correct: [1, 99, 'x'],
        }),
      ),
    );
    expect(cleaned.content?.[0]).toEqual({
      type: 'quiz',
      attrs: { ...single, options: ['1', '2', '3'], correct: [1], accepted: [] },
    });
  });

  it('are dropped without a valid id, and a pasted copy gets its own id', () => {
    const cleaned = sanitizeDoc(
      doc(quizNode({ ...single, id: 'bad id!' }), quizNode(single), quizNode(single), quizNode(single)),
    );
    expect(quizzesOf(cleaned).map((q) => q.id)).toEqual(['q1', 'q1-2', 'q1-3']);
  });

  it('reach a learner without the answer key or the explanation', () => {
    const stripped = stripQuizKeys(doc({ type: 'paragraph' }, quizNode({ ...single })));
    expect(stripped.content?.[1]).toEqual({
      type: 'quiz',
      attrs: { id: 'q1', kind: 'single', question: '1 + 1 = ?', options: ['1', '2', '3'] },
    });
    expect(JSON.stringify(stripped)).not.toContain('一加一等于二');
  });
});

describe('grading', () => {
  it('single choice and true/false: exactly the right option', () => {
    expect(gradeQuiz(single, { choices: [1] })).toBe(true);
    expect(gradeQuiz(single, { choices: [0] })).toBe(false);
    const tf: QuizAttrs = { ...single, kind: 'truefalse', options: [], correct: [0] };
    expect(gradeQuiz(tf, { choices: [0] })).toBe(true);
    expect(gradeQuiz(tf, { choices: [1] })).toBe(false);
  });

  it('multiple choice: all the right options and none other, in any order', () => {
    const multi: QuizAttrs = { ...single, kind: 'multiple', options: ['a', 'b', 'c', 'd'], correct: [0, 2] };
    expect(gradeQuiz(multi, { choices: [2, 0] })).toBe(true);
    expect(gradeQuiz(multi, { choices: [0] })).toBe(false);
    expect(gradeQuiz(multi, { choices: [0, 1, 2] })).toBe(false);
  });

  it('fill in the blank: each accepted answer counts, ignoring case, width and extra spaces', () => {
    const blank: QuizAttrs = {
      ...single,
      kind: 'blank',
      options: [],
      correct: [],
      accepted: ['Python 3', '派森'],
    };
    expect(gradeQuiz(blank, { text: ' python   3 ' })).toBe(true);
    expect(gradeQuiz(blank, { text: 'ＰＹＴＨＯＮ　３' })).toBe(true);
    expect(gradeQuiz(blank, { text: '派森' })).toBe(true);
    expect(gradeQuiz(blank, { text: 'python2' })).toBe(false);
  });

  it('says why an answer does not fit its quiz', () => {
    expect(answerShapeError(single, { choices: [1] })).toBeNull();
    expect(answerShapeError(single, { choices: [0, 1] })).toBe(Code.ANSWER_ONE_CHOICE_ONLY);
    expect(answerShapeError(single, { choices: [3] })).toBe(Code.ANSWER_CHOICE_UNKNOWN);
    expect(answerShapeError(single, { text: '2' })).toBe(Code.ANSWER_CHOICE_NEEDED);
    expect(answerShapeError({ ...single, kind: 'multiple' }, { choices: [1, 1] })).toBe(
      Code.ANSWER_CHOICE_REPEATED,
    );
    expect(answerShapeError({ ...single, kind: 'truefalse', options: [] }, { choices: [2] })).toBe(
      Code.ANSWER_CHOICE_UNKNOWN,
    );
    expect(answerShapeError({ ...single, kind: 'blank' }, { choices: [0] })).toBe(Code.ANSWER_TEXT_NEEDED);
  });
});
