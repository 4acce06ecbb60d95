import { ReactNodeViewRenderer } from '@tiptap/react';
import { ContentImage } from '../../../components/content-view/image-node.ts';
import { IMAGE_FIELDS_ATTR, ImageFigure } from './image-figure.tsx';

/**
 * Events in the caption field and on the resize handle are the figure's own: ProseMirror must not
 * take the keys typed there, nor a drag of the handle as a drag of the block. A click on the image
 * stays ProseMirror's, which selects the block (and drags it from there).
 */
const isFigureFieldEvent = (event: Event): boolean =>
  event.target instanceof Element && event.target.closest(`[${IMAGE_FIELDS_ATTR}]`) !== null;

/** The image of the shared schema, with its caption and width edited in place (editor only). */
export const ImageEditing = ContentImage.extend({
  draggable: true,
  addNodeView() {
    return ReactNodeViewRenderer(ImageFigure, { stopEvent: ({ event }) => isFigureFieldEvent(event) });
  },
});
