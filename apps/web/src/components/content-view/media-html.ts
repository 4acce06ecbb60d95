/**
 * An uploaded video or audio in a lesson (`media` block, modules/media on the server): a placeholder
 * element the player mounts into, naming the media by id. The same spec serves the editor's schema
 * (content-nodes.ts) and the renderer without Tiptap (render-html.ts).
 */
import type { DocNode } from '@studio/contract';
import type { HtmlSpec } from './quiz-html.ts';

export function mediaSpec(node: DocNode): HtmlSpec {
  const id = node.attrs?.mediaId;
  const kind = node.attrs?.kind === 'audio' ? 'audio' : 'video';
  const title = typeof node.attrs?.title === 'string' ? node.attrs.title : '';
  return [
    'div',
    {
      'data-media': '',
      'data-media-id': typeof id === 'number' ? String(id) : '',
      'data-kind': kind,
      class: `media-block media-${kind}`,
    },
    title,
  ];
}
