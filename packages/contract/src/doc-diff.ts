/**
 * A readable diff of two lesson documents: their top-level blocks (paragraphs, headings, lists,
 * code, images, quizzes) as plain text, compared block by block (jsdiff's `diffArrays`); a block
 * replaced by another at the same place is one `changed` block with its words marked (`diffWords`,
 * Chinese cut into words by `Intl.Segmenter`). The lesson history and the course change lists use it.
 */
import { diffArrays, diffWords } from 'diff';
import type { DocNode } from './schemas/course.ts';

export type DiffPart = { text: string; added?: true; removed?: true };
export type DiffBlock =
  { op: 'same' | 'added' | 'removed'; text: string } | { op: 'changed'; parts: DiffPart[] };

/** A node's text: its text leaves, block children on their own lines, a leaf without text by its type. */
export function nodeText(node: DocNode): string {
  if (node.text !== undefined) return node.text;
  if (node.type === 'image') {
    const alt = typeof node.attrs?.alt === 'string' && node.attrs.alt ? ` ${node.attrs.alt}` : '';
    // The caption is text the reader sees, so a changed caption shows its words; a new width does not.
    const caption =
      typeof node.attrs?.caption === 'string' && node.attrs.caption ? ` ${node.attrs.caption}` : '';
    return `[image${alt}]${caption}`;
  }
  if (node.type === 'hardBreak') return '\n';
  if (!node.content?.length) return node.type === 'paragraph' ? '' : `[${node.type}]`;
  const inline = node.content.every((c) => c.text !== undefined || c.type === 'hardBreak');
  return node.content.map(nodeText).join(inline ? '' : '\n');
}

export const docBlocks = (doc: DocNode): string[] =>
  (doc.content ?? []).map(nodeText).filter((text) => text.trim() !== '');

let segmenter: Intl.Segmenter | undefined;

/** The words of one block changed into another: removed and added runs marked, the rest plain. */
export function wordDiff(before: string, after: string): DiffPart[] {
  segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  return diffWords(before, after, { intlSegmenter: segmenter }).map((c) => ({
    text: c.value,
    ...(c.added ? { added: true as const } : {}),
    ...(c.removed ? { removed: true as const } : {}),
  }));
}

export function docDiff(before: DocNode, after: DocNode): DiffBlock[] {
  const out: DiffBlock[] = [];
  let removed: string[] = [];
  const flush = (added: string[]) => {
    const paired = Math.min(removed.length, added.length);
    for (let i = 0; i < paired; i++) out.push({ op: 'changed', parts: wordDiff(removed[i]!, added[i]!) });
    for (const text of removed.slice(paired)) out.push({ op: 'removed', text });
    for (const text of added.slice(paired)) out.push({ op: 'added', text });
    removed = [];
  };
  for (const change of diffArrays(docBlocks(before), docBlocks(after))) {
    if (change.removed) {
      flush([]);
      removed = change.value;
    } else if (change.added) flush(change.value);
    else {
      flush([]);
      for (const text of change.value) out.push({ op: 'same', text });
    }
  }
  flush([]);
  return out;
}

/** Whether two documents read the same (what the diff compares). */
export const sameText = (a: DocNode, b: DocNode): boolean =>
  docDiff(a, b).every((block) => block.op === 'same');
