import { ReactNodeViewRenderer } from '@tiptap/react';
import { Quiz } from '../../../../components/content-view/quiz-node.ts';
import { freshQuizIds } from './fresh-quiz-ids.ts';
import { FIELDS_ATTR, QuizCard } from './quiz-card.tsx';

/**
 * Events in the card's fields are the card's own: ProseMirror must not take the keys typed there, nor
 * a click in a field as a click on the block. The card's frame and grip stay ProseMirror's, which
 * selects and drags the block from there; drops always are.
 */
export const isCardFieldEvent = (event: Event): boolean => {
  if (event.type.startsWith('drag') || event.type === 'drop') return false;
  return event.target instanceof Element && event.target.closest(`[${FIELDS_ATTR}]`) !== null;
};

/** The quiz of the shared schema, edited in a card (only the editor loads React node views). */
export const QuizEditing = Quiz.extend({
  addNodeView() {
    return ReactNodeViewRenderer(QuizCard, { stopEvent: ({ event }) => isCardFieldEvent(event) });
  },
  addProseMirrorPlugins() {
    return [freshQuizIds()];
  },
});
