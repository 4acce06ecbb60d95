/**
 * Dealing and grading, pure: an attempt's paper (questions and options shuffled when the exam says
 * so, keys moved with their options) and its grade from the answers alone. The server is the only
 * grader; nothing the client sends but answers is read.
 */
import type { ExamAnswer } from '@studio/contract';
import type { BankQuestion as BankRow, DealtQuestion } from '../../db/schema.ts';

/** What dealing reads of a question (the bank's row, or a released course exam's kept copy). */
type BankQuestion = Pick<BankRow, 'id' | 'type' | 'stem' | 'options' | 'answer' | 'explanation'>;

/** Fisher–Yates with the given random source (tests pass a fixed one). */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** One question as dealt: with shuffled options, the key names the options' new places. */
function deal(q: BankQuestion, shuffleOptions: boolean, random: () => number): DealtQuestion {
  const base = { questionId: q.id, type: q.type, stem: q.stem, explanation: q.explanation };
  if ((q.type !== 'single' && q.type !== 'multiple') || !shuffleOptions)
    return { ...base, options: q.options, key: q.answer };
  const order = shuffled(
    q.options.map((_, i) => i),
    random,
  );
  const placeOf = (old: number) => order.indexOf(old);
  const key =
    q.type === 'single'
      ? placeOf(q.answer as number)
      : (q.answer as number[]).map(placeOf).sort((a, b) => a - b);
  return { ...base, options: order.map((i) => q.options[i]!), key };
}

export function dealPaper(
  questions: BankQuestion[],
  opts: { shuffleQuestions: boolean; shuffleOptions: boolean },
  random: () => number = Math.random,
): DealtQuestion[] {
  const ordered = opts.shuffleQuestions ? shuffled(questions, random) : questions;
  return ordered.map((q) => deal(q, opts.shuffleOptions, random));
}

/** 填空: trimmed, width-folded (全角 → 半角) and case-insensitive for Latin letters. */
const normalFill = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether an answer has the shape its question type takes (81017 otherwise). */
export function answerFits(q: DealtQuestion, answer: ExamAnswer): boolean {
  switch (q.type) {
    case 'single':
      return typeof answer === 'number' && answer < q.options.length;
    case 'multiple':
      return (
        Array.isArray(answer) &&
        answer.every((a) => typeof a === 'number' && a < q.options.length) &&
        new Set(answer).size === answer.length
      );
    case 'judge':
      return typeof answer === 'boolean';
    case 'fill':
      return typeof answer === 'string';
  }
}

export function isCorrect(q: DealtQuestion, answer: ExamAnswer | undefined): boolean {
  if (answer === undefined || !answerFits(q, answer)) return false;
  switch (q.type) {
    case 'single':
    case 'judge':
      return answer === q.key;
    case 'multiple': {
      const key = q.key as number[];
      const given = answer as number[];
      return given.length === key.length && key.every((k) => given.includes(k));
    }
    case 'fill':
      return (q.key as string[]).some((k) => normalFill(k) === normalFill(answer as string));
  }
}

export type Grade = { correctCount: number; total: number; score: number; passed: boolean };

/** Every question weighs the same; the score is a whole percent, rounded down (59.9 fails 60). */
export function gradePaper(
  questions: DealtQuestion[],
  answers: Record<string, ExamAnswer>,
  passPercent: number,
): Grade {
  const correctCount = questions.filter((q) => isCorrect(q, answers[String(q.questionId)])).length;
  const total = questions.length;
  const score = total === 0 ? 0 : Math.floor((correctCount * 100) / total);
  return { correctCount, total, score, passed: score >= passPercent };
}
