import { Extension } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

const key = new PluginKey<DecorationSet>('aiAssistHighlight');

export interface AssistRanges {
  /** The text the assist is writing. */
  writing?: { from: number; to: number };
  /** The selection a rewrite will replace, shown struck through until the text is in. */
  replacing?: { from: number; to: number };
  /** In a shared document: the text being written, shown only here (a widget, not content). */
  widget?: { at: number; dom: HTMLElement; key: string };
}

const atomBlocksIn = (doc: PmNode, range: { from: number; to: number } | undefined) => {
  const found: { pos: number; size: number }[] = [];
  if (range) {
    doc.nodesBetween(range.from, range.to, (node, pos) => {
      if (node.isBlock && node.isAtom && pos >= range.from) found.push({ pos, size: node.nodeSize });
    });
  }
  return found;
};

/** Marks the preview ranges on a transaction; `null` clears them. */
export const setAssistRanges = (tr: Transaction, ranges: AssistRanges | null): Transaction =>
  tr.setMeta(key, ranges);

/** While the assist writes: what it writes and what it will replace, as decorations (not content). */
export const AssistHighlight = Extension.create({
  name: 'aiAssistHighlight',
  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: () => DecorationSet.empty,
          apply: (tr, set) => {
            const ranges = tr.getMeta(key) as AssistRanges | null | undefined;
            if (ranges === undefined) return set.map(tr.mapping, tr.doc);
            const decorations = [
              ranges?.writing &&
                Decoration.inline(ranges.writing.from, ranges.writing.to, { class: 'ai-assist-writing' }),
              ranges?.replacing &&
                Decoration.inline(ranges.replacing.from, ranges.replacing.to, {
                  class: 'ai-assist-replacing',
                }),
              ranges?.widget &&
                Decoration.widget(ranges.widget.at, ranges.widget.dom, { side: 1, key: ranges.widget.key }),
              // A block without text (a quiz) takes no inline decoration: it is marked as a whole.
              ...atomBlocksIn(tr.doc, ranges?.writing).map(({ pos, size }) =>
                Decoration.node(pos, pos + size, { class: 'ai-assist-writing' }),
              ),
            ].filter((d): d is Decoration => Boolean(d));
            return DecorationSet.create(tr.doc, decorations);
          },
        },
        props: { decorations: (state) => key.getState(state) },
      }),
    ];
  },
});
