import type { QuizAttrs } from '@studio/contract';

/**
 * A fresh quiz id (`q-` and 12 base-36 characters, within QUIZ_ID). Answers are stored by quiz id,
 * so every new block gets its own; random rather than counted, as blocks move between lessons.
 */
export const newQuizId = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `q-${Array.from(bytes, (b) => (b % 36).toString(36)).join('')}`;
};

/** What 测验 inserts: a single-choice question with two empty options, for the author to fill in. */
export const newQuizAttrs = (): QuizAttrs => ({
  id: newQuizId(),
  kind: 'single',
  question: '',
  options: ['', ''],
  correct: [],
  accepted: [],
  explanation: '',
});
