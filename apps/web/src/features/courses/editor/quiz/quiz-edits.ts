/**
 * The quiz card's edits as pure functions of the quiz attributes: each answers the attributes to
 * write (through updateAttributes, one editor transaction each, so autosave and undo see them).
 */
import type { DocNode, QuizAttrs, QuizKind } from '@studio/contract';
import { QUIZ_LIMITS, quizAttrsOf } from '@studio/contract/constants';

export type QuizPatch = Partial<Omit<QuizAttrs, 'id'>>;
export type QuizEdit = (quiz: QuizAttrs) => QuizPatch;

export const hasOptions = (kind: QuizKind) => kind === 'single' || kind === 'multiple';

/** Options and marks put aside when a choice question turns true/false or blank, to come back with it. */
export type KindStash = Pick<QuizAttrs, 'options' | 'correct'>;

/** The other kind: options only for choices (at least two), one mark for single, the key reset otherwise. */
export function withKind(quiz: QuizAttrs, kind: QuizKind, stash?: KindStash): QuizPatch {
  if (kind === quiz.kind) return {};
  if (!hasOptions(kind)) return { kind, options: [], correct: [] };
  const from = hasOptions(quiz.kind) ? quiz : (stash ?? { options: [], correct: [] });
  const options = [...from.options];
  while (options.length < QUIZ_LIMITS.optionsMin) options.push('');
  const correct = from.correct.filter((i) => i < options.length);
  return { kind, options, correct: kind === 'single' ? correct.slice(0, 1) : correct };
}

export const setQuestion = (question: string): QuizPatch => ({ question });

export const setOption = (quiz: QuizAttrs, index: number, text: string): QuizPatch => ({
  options: quiz.options.map((option, i) => (i === index ? text : option)),
});

export const addOption = (quiz: QuizAttrs): QuizPatch =>
  quiz.options.length < QUIZ_LIMITS.optionsMax ? { options: [...quiz.options, ''] } : {};

/** The marks follow their options: the removed one's goes, later ones move up by one. */
export const removeOption = (quiz: QuizAttrs, index: number): QuizPatch =>
  quiz.options.length > QUIZ_LIMITS.optionsMin
    ? {
        options: quiz.options.filter((_, i) => i !== index),
        correct: quiz.correct.filter((i) => i !== index).map((i) => (i > index ? i - 1 : i)),
      }
    : {};

/** Single and true/false: this one is right. Multiple: this one toggles. */
export const markCorrect = (quiz: QuizAttrs, index: number): QuizPatch => {
  if (quiz.kind !== 'multiple') return { correct: [index] };
  const correct = quiz.correct.includes(index)
    ? quiz.correct.filter((i) => i !== index)
    : [...quiz.correct, index].sort((a, b) => a - b);
  return { correct };
};

export const addAccepted = (quiz: QuizAttrs, answer: string): QuizPatch => {
  const text = answer.trim().slice(0, QUIZ_LIMITS.blankMax);
  if (!text || quiz.accepted.includes(text) || quiz.accepted.length >= QUIZ_LIMITS.acceptedMax) return {};
  return { accepted: [...quiz.accepted, text] };
};

export const removeAccepted = (quiz: QuizAttrs, index: number): QuizPatch => ({
  accepted: quiz.accepted.filter((_, i) => i !== index),
});

export const setExplanation = (explanation: string): QuizPatch => ({ explanation });

export type QuizProblem = 'question' | 'options' | 'emptyOption' | 'correct' | 'accepted';

/** What the author still has to fill in; shown on the card, never a reason not to save. */
export function quizProblems(quiz: QuizAttrs): QuizProblem[] {
  const problems: QuizProblem[] = [];
  if (!quiz.question.trim()) problems.push('question');
  if (hasOptions(quiz.kind)) {
    const filled = quiz.options.filter((o) => o.trim()).length;
    if (filled < QUIZ_LIMITS.optionsMin) problems.push('options');
    else if (filled < quiz.options.length) problems.push('emptyOption');
  }
  if (quiz.kind === 'blank' ? !quiz.accepted.length : !quiz.correct.length) {
    problems.push(quiz.kind === 'blank' ? 'accepted' : 'correct');
  }
  return problems;
}

/**
 * The quiz as it is saved: empty options left out, the marks moved with the options they belong to.
 * The server's whitelist drops empty options too but cannot move the marks, which would then point
 * at the wrong option; this runs first on everything saved.
 */
export function compactQuiz(quiz: QuizAttrs): QuizAttrs {
  const kept = quiz.options.flatMap((option, i) => (option.trim() ? [i] : []));
  const count = hasOptions(quiz.kind) ? kept.length : quiz.kind === 'truefalse' ? 2 : 0;
  const moved = hasOptions(quiz.kind) ? quiz.correct.map((i) => kept.indexOf(i)) : quiz.correct;
  return {
    ...quiz,
    options: hasOptions(quiz.kind) ? kept.map((i) => quiz.options[i]!) : [],
    correct: [...new Set(moved)].filter((i) => i >= 0 && i < count).sort((a, b) => a - b),
    accepted: quiz.kind === 'blank' ? quiz.accepted.filter((a) => a.trim()) : [],
  };
}

/** Every quiz of a lesson compacted (see compactQuiz); the rest of the document as it is. */
export const compactQuizzes = (doc: DocNode): DocNode =>
  doc.type === 'quiz'
    ? { ...doc, attrs: { ...compactQuiz(quizAttrsOf(doc)) } }
    : doc.content
      ? { ...doc, content: doc.content.map(compactQuizzes) }
      : doc;
