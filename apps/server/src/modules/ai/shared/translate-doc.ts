/**
 * A lesson's Tiptap JSON split into the texts a model translates, each with a stable id, and put back.
 * Only text goes to the model: the structure (nodes, marks, link hrefs, images, media, attachments,
 * quiz ids and answer keys) is never sent, so no answer can break it. Code (blocks and inline code)
 * stays as written.
 */
import type { DocNode } from '@studio/contract';
import type { TranslateItem } from '../../../platform/ai/course-generator.ts';

/** Nodes whose text is not prose: kept as is. */
const KEPT_NODES = new Set(['codeBlock']);
const isCode = (node: DocNode) => node.marks?.some((m) => m.type === 'code') ?? false;
/** Worth sending: has a letter or digit of some script (not only spaces or punctuation). */
const hasWords = (text: string) => /[\p{L}\p{N}]/u.test(text);

type Visit = (id: string, text: string) => string | undefined;

/** Walks the texts in reading order; `visit` answers a replacement (or undefined to keep the text). */
function mapTexts(doc: DocNode, visit: Visit): DocNode {
  let n = 0;
  const next = (text: string) => {
    const id = `t${n++}`;
    return visit(id, text) ?? text;
  };
  const walk = (node: DocNode): DocNode => {
    if (KEPT_NODES.has(node.type)) return node;
    if (node.type === 'text') {
      if (typeof node.text !== 'string' || isCode(node) || !hasWords(node.text)) return node;
      return { ...node, text: next(node.text) };
    }
    if (node.type === 'quiz' && node.attrs) {
      // The question, options and explanation are read by learners; `correct` (option indexes),
      // `accepted` (fill-in answers) and the id grade answers and stay as they are.
      const a = node.attrs;
      const text = (v: unknown) => (typeof v === 'string' && hasWords(v) ? next(v) : v);
      return {
        ...node,
        attrs: {
          ...a,
          question: text(a.question),
          options: Array.isArray(a.options) ? a.options.map(text) : a.options,
          explanation: text(a.explanation),
        },
      };
    }
    return node.content ? { ...node, content: node.content.map(walk) } : node;
  };
  return walk(doc);
}

/** The lesson's translatable texts, in reading order, with ids `t0`, `t1`, …. */
export function collectTexts(doc: DocNode): TranslateItem[] {
  const items: TranslateItem[] = [];
  mapTexts(doc, (id, text) => void items.push({ id, text }));
  return items;
}

/** The lesson with each text replaced by its translation (by id); the rest of the tree as it was. */
export function applyTexts(doc: DocNode, translated: ReadonlyMap<string, string>): DocNode {
  return mapTexts(doc, (id) => translated.get(id));
}
