import type { DocNode } from '@studio/contract';

/** Nodes that are content by themselves, without any text. */
const MEDIA = new Set(['image', 'videoEmbed', 'quiz']);

/**
 * True when a lesson has nothing a reader would see: no text but whitespace and no picture or video
 * (a new lesson is one empty paragraph; empty headings, lists or tables are still empty). A quiz is
 * content: a lesson of questions only is a real lesson.
 */
export function isEmptyDoc(node: DocNode): boolean {
  if (MEDIA.has(node.type)) return false;
  if (node.type === 'text') return (node.text ?? '').trim() === '';
  return (node.content ?? []).every(isEmptyDoc);
}
