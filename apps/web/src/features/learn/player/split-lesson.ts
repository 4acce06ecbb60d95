import type { DocNode, LearnerQuiz } from '@studio/contract';
import { isQuizNode, quizAttrsOf } from '@studio/contract/constants';

/** A run of ordinary blocks (rendered by ContentView as one document), or one quiz. */
export type LessonPart =
  { kind: 'content'; key: string; doc: DocNode } | { kind: 'quiz'; key: string; quiz: LearnerQuiz };

const withoutQuizzes = (node: DocNode): DocNode | null => {
  if (isQuizNode(node)) return null;
  if (!node.content) return node;
  const content = node.content.flatMap((child) => withoutQuizzes(child) ?? []);
  return { ...node, content };
};

const nestedQuizzes = (node: DocNode): DocNode[] =>
  (node.content ?? []).flatMap((child) => (isQuizNode(child) ? [child] : nestedQuizzes(child)));

/**
 * Splits a lesson's top-level blocks into runs of ordinary blocks and quizzes, in reading order.
 * ContentView has no HTML for a quiz, so a quiz nested in a block (a callout) is lifted out and shown
 * right after that block: every quiz must stay answerable, or the lesson could never be completed.
 */
export function splitLesson(doc: DocNode): LessonPart[] {
  const parts: LessonPart[] = [];
  let run: DocNode[] = [];
  const flush = () => {
    if (run.length)
      parts.push({ kind: 'content', key: `c${parts.length}`, doc: { type: 'doc', content: run } });
    run = [];
  };
  const pushQuiz = (node: DocNode) => {
    flush();
    const { id, kind, question, options } = quizAttrsOf(node);
    parts.push({ kind: 'quiz', key: `q-${id}`, quiz: { id, kind, question, options } });
  };
  for (const node of doc.content ?? []) {
    if (isQuizNode(node)) {
      pushQuiz(node);
      continue;
    }
    const inner = nestedQuizzes(node);
    if (inner.length === 0) {
      run.push(node);
      continue;
    }
    const rest = withoutQuizzes(node);
    if (rest?.content?.length) run.push(rest);
    inner.forEach(pushQuiz);
  }
  flush();
  return parts;
}
