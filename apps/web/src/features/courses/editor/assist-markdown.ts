import type { DocNode } from '@studio/contract';
import { MarkdownManager } from '@tiptap/markdown';
import { contentExtensions } from '../../../components/content-view/content-extensions.ts';
import { filterDoc } from '../../../components/content-view/doc-filter.ts';

let manager: MarkdownManager | null = null;

/** A line break inside a Markdown paragraph is a space (as the server's converter reads it); code keeps its lines. */
const softBreaks = (node: DocNode): DocNode =>
  node.type === 'codeBlock'
    ? node
    : node.type === 'text'
      ? { ...node, text: node.text?.replace(/\s*\n\s*/g, ' ') }
      : node.content
        ? { ...node, content: node.content.map(softBreaks) }
        : node;

/**
 * The assist streams Markdown; the editor holds lesson JSON. Tiptap's own Markdown parser reads it
 * against the lesson schema, then the content whitelist applies as to any other content.
 */
export const markdownBlocks = (markdown: string): DocNode[] => {
  if (!markdown.trim()) return [];
  manager ??= new MarkdownManager({ extensions: contentExtensions() });
  const doc = filterDoc(softBreaks(manager.parse(markdown.trim()) as DocNode));
  return (doc.content ?? []).filter((block) => block.type !== 'paragraph' || block.content?.length);
};
