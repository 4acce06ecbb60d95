import type { DocNode, QuizAttrs } from '@studio/contract';
import { QUIZ_KINDS } from '@studio/contract/constants';
import { Node, type Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { newQuizAttrs } from './new-quiz.ts';
import { quizAttrsFromHtml, quizSpec } from './quiz-html.ts';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    quiz: {
      /** Inserts a quiz at the selection: a new single-choice one, or the given attributes with a fresh id. */
      insertQuiz: (attrs?: Partial<Omit<QuizAttrs, 'id'>>) => ReturnType;
    };
  }
  interface Storage {
    quiz: QuizStorage;
  }
}

export interface QuizStorage {
  /** The id of the quiz just inserted from the toolbar, so its card can take the focus once. */
  inserted: string | null;
}

/** Whether this quiz was just inserted from the toolbar (and so takes the focus); answers true once. */
export const claimInsertFocus = (editor: Editor, id: string): boolean => {
  const storage = editor.storage.quiz;
  if (!id || storage?.inserted !== id) return false;
  storage.inserted = null;
  return true;
};

type Attribute = keyof QuizAttrs;
const fromHtml =
  (name: Attribute) =>
  (element: HTMLElement): unknown =>
    quizAttrsFromHtml(element)[name];

/**
 * 测验: one question with its answer key, all of it in the node's attributes (arrays stay arrays in
 * getJSON). An atom: the editor edits it in a card (quiz/quiz-card.tsx), previews show it read-only.
 */
export const Quiz = Node.create<Record<string, never>, QuizStorage>({
  name: 'quiz',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addStorage() {
    return { inserted: null };
  },
  addAttributes() {
    // Written by renderHTML below, all at once; each read back from its data-* attribute.
    const attribute = (name: Attribute, fallback: unknown) => ({
      default: fallback,
      parseHTML: fromHtml(name),
      rendered: false,
    });
    return {
      id: attribute('id', null),
      kind: {
        ...attribute('kind', 'single'),
        parseHTML: (element: HTMLElement) =>
          QUIZ_KINDS.find((kind) => kind === element.getAttribute('data-kind')) ?? 'single',
      },
      question: attribute('question', ''),
      options: attribute('options', []),
      correct: attribute('correct', []),
      accepted: attribute('accepted', []),
      explanation: attribute('explanation', ''),
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-quiz]' }];
  },
  renderHTML({ node }) {
    return quizSpec({ type: 'quiz', attrs: node.attrs } satisfies DocNode);
  },
  renderText({ node }) {
    return typeof node.attrs.question === 'string' ? node.attrs.question : '';
  },
  addCommands() {
    return {
      insertQuiz:
        (attrs) =>
        ({ commands, state, dispatch }) => {
          const quiz = { ...newQuizAttrs(), ...attrs };
          const content = { type: this.name, attrs: quiz };
          // A selected block (the quiz just inserted, say) stays: the new one goes after it.
          const { selection } = state;
          const done =
            selection instanceof NodeSelection
              ? commands.insertContentAt(selection.to, content)
              : commands.insertContent(content);
          if (done && dispatch) this.storage.inserted = quiz.id;
          return done;
        },
    };
  },
});
