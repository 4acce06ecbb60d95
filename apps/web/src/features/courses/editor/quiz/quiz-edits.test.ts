import type { QuizAttrs } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import {
  addAccepted,
  addOption,
  compactQuiz,
  compactQuizzes,
  markCorrect,
  quizProblems,
  removeOption,
  withKind,
} from './quiz-edits.ts';

const quiz = (attrs: Partial<QuizAttrs>): QuizAttrs => ({
  id: 'q-1',
  kind: 'single',
  question: '题目',
  options: ['甲', '乙', '丙'],
  correct: [],
  accepted: [],
  explanation: '',
  ...attrs,
});

describe('quiz edits', () => {
  it('moves the marks with their options when one is removed, and keeps two options at least', () => {
    expect(removeOption(quiz({ kind: 'multiple', correct: [0, 2] }), 1)).toEqual({
      options: ['甲', '丙'],
      correct: [0, 1],
    });
    expect(removeOption(quiz({ correct: [1] }), 1)).toEqual({ options: ['甲', '丙'], correct: [] });
    expect(removeOption(quiz({ options: ['甲', '乙'] }), 0)).toEqual({});
    expect(addOption(quiz({ options: Array.from({ length: 8 }, () => 'x') }))).toEqual({});
  });

  it('marks one right answer for single choice and toggles for multiple', () => {
    expect(markCorrect(quiz({ correct: [0] }), 2)).toEqual({ correct: [2] });
    expect(markCorrect(quiz({ kind: 'multiple', correct: [2] }), 0)).toEqual({ correct: [0, 2] });
    expect(markCorrect(quiz({ kind: 'multiple', correct: [0, 2] }), 2)).toEqual({ correct: [0] });
  });

  it('changes the kind: true/false and blank have no options; a choice gets two and its stash back', () => {
    const single = quiz({ correct: [1] });
    expect(withKind(single, 'multiple')).toEqual({
      kind: 'multiple',
      options: ['甲', '乙', '丙'],
      correct: [1],
    });
    expect(withKind(quiz({ kind: 'multiple', correct: [0, 2] }), 'single')).toMatchObject({ correct: [0] });
    expect(withKind(single, 'truefalse')).toEqual({ kind: 'truefalse', options: [], correct: [] });
    const tf = quiz({ kind: 'truefalse', options: [], correct: [1] });
    expect(withKind(tf, 'single')).toEqual({ kind: 'single', options: ['', ''], correct: [] });
    expect(withKind(tf, 'single', { options: ['甲', '乙', '丙'], correct: [1] })).toEqual({
      kind: 'single',
      options: ['甲', '乙', '丙'],
      correct: [1],
    });
  });

  it('adds a blank answer once, trimmed', () => {
    const blank = quiz({ kind: 'blank', options: [], accepted: ['二'] });
    expect(addAccepted(blank, ' 2 ')).toEqual({ accepted: ['二', '2'] });
    expect(addAccepted(blank, '二')).toEqual({});
    expect(addAccepted(blank, '  ')).toEqual({});
  });

  it('names what is missing', () => {
    expect(quizProblems(quiz({ question: ' ', options: ['甲', ''] }))).toEqual([
      'question',
      'options',
      'correct',
    ]);
    expect(quizProblems(quiz({ options: ['甲', '', '丙'], correct: [0] }))).toEqual(['emptyOption']);
    expect(quizProblems(quiz({ kind: 'truefalse', options: [], correct: [0] }))).toEqual([]);
    expect(quizProblems(quiz({ kind: 'blank', options: [] }))).toEqual(['accepted']);
  });

  it('saves without empty options, the marks moved along (the server would drop the options only)', () => {
    expect(compactQuiz(quiz({ options: ['甲', ' ', '丙'], correct: [2] }))).toMatchObject({
      options: ['甲', '丙'],
      correct: [1],
    });
    expect(compactQuiz(quiz({ kind: 'multiple', options: ['', '乙', ''], correct: [0, 1] }))).toMatchObject({
      options: ['乙'],
      correct: [0],
    });
    expect(compactQuiz(quiz({ kind: 'truefalse', options: ['x'], correct: [1, 1, 5] }))).toMatchObject({
      options: [],
      correct: [1],
    });
    const doc = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '正文' }] },
        { type: 'quiz', attrs: { ...quiz({ options: ['', '乙'], correct: [1] }) } },
      ],
    };
    expect(compactQuizzes(doc).content).toEqual([
      doc.content[0],
      { type: 'quiz', attrs: { ...quiz({ options: ['乙'], correct: [0] }) } },
    ]);
  });
});
