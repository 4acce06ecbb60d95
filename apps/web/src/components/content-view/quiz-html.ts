/**
 * A quiz block as read-only HTML, described once for both writers of lesson HTML: the editor schema
 * (quiz-node.ts: copying, getHTML) and the renderer without Tiptap (render-html.ts), so the two agree
 * by construction. Every attribute also travels as data-* so a copied quiz pastes back whole; the key
 * (correct, accepted, explanation) only when set, so a learner's copy, stripped by the server, has none.
 * Nothing of the key is shown.
 */
import type { DocNode, QuizKind } from '@studio/contract';
import { quizAttrsOf } from '@studio/contract/constants';
import { i18n } from '../../lib/i18n/index.ts';

/** ProseMirror's DOMOutputSpec as used here: an element with attributes and children, or text. */
export type HtmlElementSpec = readonly [tag: string, attrs: Record<string, string>, ...children: HtmlSpec[]];
export type HtmlSpec = string | HtmlElementSpec;

/** The quiz's fixed words (kind, true/false, the blank's line), in the language being rendered. */
export type QuizWords = (
  key: `editor.quiz.${'true' | 'false' | 'blankLine' | `kinds.${QuizKind}`}`,
) => string;
const appWords: QuizWords = (key) => i18n.t(key);

export function quizSpec(node: DocNode, t: QuizWords = appWords): HtmlElementSpec {
  const quiz = quizAttrsOf(node);
  const data: Record<string, string> = {
    'data-quiz': '',
    'data-id': quiz.id,
    'data-kind': quiz.kind,
    'data-question': quiz.question,
  };
  if (quiz.options.length) data['data-options'] = JSON.stringify(quiz.options);
  if (quiz.correct.length) data['data-correct'] = JSON.stringify(quiz.correct);
  if (quiz.accepted.length) data['data-accepted'] = JSON.stringify(quiz.accepted);
  if (quiz.explanation) data['data-explanation'] = quiz.explanation;
  data.class = 'quiz';

  const choices = quiz.kind === 'truefalse' ? [t('editor.quiz.true'), t('editor.quiz.false')] : quiz.options;
  const answer: HtmlSpec =
    quiz.kind === 'blank'
      ? ['p', { class: 'quiz-blank' }, t('editor.quiz.blankLine')]
      : ['ol', { class: 'quiz-options' }, ...choices.map((choice): HtmlSpec => ['li', {}, choice])];
  return [
    'div',
    data,
    ['p', { class: 'quiz-kind' }, t(`editor.quiz.kinds.${quiz.kind}`)],
    ['p', { class: 'quiz-question' }, quiz.question],
    answer,
  ];
}

const parseList = <T>(value: string | null, keep: (item: unknown) => item is T): T[] => {
  try {
    const list: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(list) ? list.filter(keep) : [];
  } catch {
    return [];
  }
};
const isString = (v: unknown): v is string => typeof v === 'string';
const isIndex = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/** The attributes back from the element quizSpec wrote (a paste); the whitelist checks them later. */
export const quizAttrsFromHtml = (element: HTMLElement) => ({
  id: element.getAttribute('data-id'),
  kind: element.getAttribute('data-kind'),
  question: element.getAttribute('data-question') ?? '',
  options: parseList(element.getAttribute('data-options'), isString),
  correct: parseList(element.getAttribute('data-correct'), isIndex),
  accepted: parseList(element.getAttribute('data-accepted'), isString),
  explanation: element.getAttribute('data-explanation') ?? '',
});
