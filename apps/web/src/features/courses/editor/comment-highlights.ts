/**
 * Open review threads' ranges, highlighted in the editor as decorations (never content, so nothing of
 * a comment reaches the saved lesson). Ranges come from the threads' Yjs anchors (comment-anchors.ts):
 * recomputed when the threads change or a change arrives through Yjs, and mapped through local edits
 * in between (y-tiptap's mapping is updated after a local transaction, so it is read only then).
 * Without a Yjs binding (an editor not yet collaborative) nothing is highlighted.
 */
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import { bindingOf, rangeOf } from './comment-anchors.ts';

export type AnchoredThread = { commentId: number; anchorStart: string; anchorEnd: string };
type State = { threads: AnchoredThread[]; active: number | null; decorations: DecorationSet };
type Update = { threads: AnchoredThread[]; active: number | null };

const key = new PluginKey<State>('commentHighlights');

/** Hands the editor the threads to highlight (and the one picked in the panel). */
export const setCommentThreads = (tr: Transaction, update: Update): Transaction => tr.setMeta(key, update);

export function highlightsOf(
  state: EditorState,
  threads: AnchoredThread[],
  active: number | null,
  old?: EditorState,
): DecorationSet {
  // Inside `apply` the sync plugin's field of the new state may not be set yet (plugin order); its
  // binding is one object for the editor's life, so the previous state's will do.
  const b = bindingOf(state) ?? (old && bindingOf(old));
  if (!b) return DecorationSet.empty;
  const decorations = threads.flatMap((thread) => {
    const range = rangeOf(thread, b);
    if (!range || range.to > state.doc.content.size) return [];
    return [
      Decoration.inline(
        range.from,
        range.to,
        {
          class:
            thread.commentId === active ? 'comment-highlight comment-highlight-active' : 'comment-highlight',
          'data-comment-thread': String(thread.commentId),
        },
        { threadId: thread.commentId },
      ),
    ];
  });
  return DecorationSet.create(state.doc, decorations);
}

/** The highlighted thread at a position, if any (a click there opens it in the panel). */
export function threadAt(state: EditorState, pos: number): number | null {
  const found = key.getState(state)?.decorations.find(pos, pos)[0];
  return (found?.spec as { threadId?: number } | undefined)?.threadId ?? null;
}

export const CommentHighlights = Extension.create({
  name: 'commentHighlights',
  addProseMirrorPlugins() {
    return [
      new Plugin<State>({
        key,
        state: {
          init: () => ({ threads: [], active: null, decorations: DecorationSet.empty }),
          apply: (tr, prev, old, state) => {
            const update = tr.getMeta(key) as Update | undefined;
            if (update)
              return { ...update, decorations: highlightsOf(state, update.threads, update.active, old) };
            if (tr.getMeta(ySyncPluginKey))
              return { ...prev, decorations: highlightsOf(state, prev.threads, prev.active, old) };
            return tr.docChanged ? { ...prev, decorations: prev.decorations.map(tr.mapping, tr.doc) } : prev;
          },
        },
        props: {
          decorations: (state) => key.getState(state)?.decorations,
        },
      }),
    ];
  },
});
