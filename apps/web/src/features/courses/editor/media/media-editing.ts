import { ReactNodeViewRenderer } from '@tiptap/react';
import { MediaBlock } from '../../../../components/content-view/content-nodes.ts';
import { MEDIA_CONTROLS_ATTR, MediaCard } from './media-card.tsx';

/** Presses on the card's buttons and its file picker are the card's, not a selection of the block. */
const isCardControlEvent = (event: Event): boolean =>
  event.target instanceof Element && event.target.closest(`[${MEDIA_CONTROLS_ATTR}]`) !== null;

/** The media block of the shared schema, shown in the editor as its upload's and transcoding's card. */
export const MediaEditing = MediaBlock.extend({
  addNodeView() {
    return ReactNodeViewRenderer(MediaCard, { stopEvent: ({ event }) => isCardControlEvent(event) });
  },
});
