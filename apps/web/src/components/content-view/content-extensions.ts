import type { Extensions } from '@tiptap/core';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { Callout, MediaBlock, VideoEmbed } from './content-nodes.ts';
import { ContentImage } from './image-node.ts';
import { LINK_REL } from './doc-filter.ts';
import { Quiz } from './quiz-node.ts';

export { LINK_REL };

/**
 * The one content schema: the editor's, and the one the renderer (render-html.ts) writes out without
 * Tiptap — its test checks both render alike, node by node — so a lesson looks the same in both.
 * Node and mark names are exactly the server sanitizer's (heading 1–4, lists, quote, code, table,
 * image, callout, videoEmbed, quiz; bold, italic, strike, underline, code, link).
 */
export const contentExtensions = ({
  codeBlock = true,
  undoRedo = true,
}: { codeBlock?: boolean; undoRedo?: boolean } = {}): Extensions => [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4] },
    // A live document undoes through Yjs (the Collaboration extension's undo), never ProseMirror's.
    ...(undoRedo ? {} : { undoRedo: false }),
    // The editor brings its own code block (the same node, with syntax highlighting).
    ...(codeBlock ? {} : { codeBlock: false }),
    link: {
      openOnClick: false,
      autolink: true,
      protocols: ['http', 'https', 'mailto'],
      HTMLAttributes: { rel: LINK_REL, target: '_blank' },
    },
  }),
  ContentImage,
  Table.configure({ resizable: false }),
  TableRow,
  TableHeader,
  TableCell,
  Callout,
  VideoEmbed,
  MediaBlock,
  Quiz,
];
