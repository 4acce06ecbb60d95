/**
 * Quiz blocks in lesson content: one `quiz` node per question, with its answer key in the same
 * attributes. The key (`correct`, `accepted`, `explanation`) is for the author only: every payload a
 * learner reads goes through `stripQuizKeys`, and the server grades answers with `gradeQuiz`.
 */
import { Code, type CodeValue } from './codes.ts';
import type { DocNode } from './schemas/course.ts';

export const QUIZ_KINDS = ['single', 'multiple', 'truefalse', 'blank'] as const;
export type QuizKind = (typeof QUIZ_KINDS)[number];

export const QUIZ_LIMITS = {
  questionMax: 500,
  optionsMin: 2,
  optionsMax: 8,
  optionMax: 200,
  acceptedMax: 10,
  blankMax: 100,
  explanationMax: 1000,
} as const;

/** A true/false question answers with choice 0 (正确 / True) or 1 (错误 / False). */
export const TRUE_FALSE_CHOICES = 2;

export interface QuizAttrs {
  id: string;
  kind: QuizKind;
  question: string;
  /** Single and multiple choice; empty for true/false (two fixed choices) and fill-in-the-blank. */
  options: string[];
  /** Indexes of the right options (true/false: [0] or [1]). */
  correct: number[];
  /** Fill-in-the-blank: every answer counted right (compared loosely, see `normalizeBlank`). */
  accepted: string[];
  explanation: string;
}

/** What a learner sees of a quiz before answering. */
export type LearnerQuiz = Pick<QuizAttrs, 'id' | 'kind' | 'question' | 'options'>;

export const QUIZ_ID = /^[\w-]{1,32}$/;

export const isQuizNode = (node: DocNode): boolean => node.type === 'quiz';

/** Reads a (sanitized) quiz node's attributes with defaults. */
export function quizAttrsOf(node: DocNode): QuizAttrs {
  const a = node.attrs ?? {};
  const strings = (v: unknown) =>
    Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  const ints = (v: unknown) => (Array.isArray(v) ? v.filter((n): n is number => Number.isInteger(n)) : []);
  return {
    id: typeof a.id === 'string' ? a.id : '',
    kind: QUIZ_KINDS.find((k) => k === a.kind) ?? 'single',
    question: typeof a.question === 'string' ? a.question : '',
    options: strings(a.options),
    correct: ints(a.correct),
    accepted: strings(a.accepted),
    explanation: typeof a.explanation === 'string' ? a.explanation : '',
  };
}

/** Every quiz of a document, in reading order. */
export function quizzesOf(doc: DocNode | null | undefined): QuizAttrs[] {
  const found: QuizAttrs[] = [];
  const walk = (node: DocNode) => {
    if (isQuizNode(node)) found.push(quizAttrsOf(node));
    node.content?.forEach(walk);
  };
  if (doc) walk(doc);
  return found;
}

/** The document as a learner may read it: each quiz keeps its question and options only. */
export function stripQuizKeys(doc: DocNode): DocNode {
  if (isQuizNode(doc)) {
    const { id, kind, question, options } = quizAttrsOf(doc);
    return { type: 'quiz', attrs: { id, kind, question, options } satisfies LearnerQuiz };
  }
  if (!doc.content) return doc;
  return { ...doc, content: doc.content.map(stripQuizKeys) };
}

/** An answer: the chosen option indexes, or the text typed into the blank (schema in schemas/learn.ts). */
export type QuizAnswer = { choices: number[] } | { text: string };

/** Full-width and half-width, case and inner spaces do not matter in a blank. */
export const normalizeBlank = (s: string): string =>
  s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** Why an answer does not fit its quiz (its code, sent with HTTP 400), or null when it fits. */
export function answerShapeError(quiz: QuizAttrs, answer: QuizAnswer): CodeValue | null {
  if (quiz.kind === 'blank') return 'text' in answer ? null : Code.ANSWER_TEXT_NEEDED;
  if (!('choices' in answer)) return Code.ANSWER_CHOICE_NEEDED;
  const count = quiz.kind === 'truefalse' ? TRUE_FALSE_CHOICES : quiz.options.length;
  if (answer.choices.some((c) => c >= count)) return Code.ANSWER_CHOICE_UNKNOWN;
  if (new Set(answer.choices).size !== answer.choices.length) return Code.ANSWER_CHOICE_REPEATED;
  if (quiz.kind !== 'multiple' && answer.choices.length !== 1) return Code.ANSWER_ONE_CHOICE_ONLY;
  return null;
}

/** Right or wrong; the answer must fit the quiz (see `answerShapeError`). */
export function gradeQuiz(quiz: QuizAttrs, answer: QuizAnswer): boolean {
  if ('text' in answer) {
    const typed = normalizeBlank(answer.text);
    return quiz.accepted.some((a) => normalizeBlank(a) === typed);
  }
  const chosen = [...answer.choices].sort((a, b) => a - b);
  const right = [...new Set(quiz.correct)].sort((a, b) => a - b);
  return chosen.length === right.length && chosen.every((c, i) => c === right[i]);
}
