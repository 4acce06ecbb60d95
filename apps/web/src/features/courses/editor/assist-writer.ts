import type { AiAssistAction, DocNode } from '@studio/contract';
import type { Editor } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import { DOMSerializer, Fragment, Slice, type Node as PmNode, type Schema } from '@tiptap/pm/model';
import { TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Transform } from '@tiptap/pm/transform';
import {
  absolutePositionToRelativePosition,
  relativePositionToAbsolutePosition,
  yUndoPluginKey,
} from '@tiptap/y-tiptap';
import { docText } from '../../../components/content-view/doc-filter.ts';
import { setAssistRanges, type AssistRanges } from './assist-highlight.ts';
import { bindingOf, type YBinding } from './comment-anchors.ts';
import { newQuizId } from '../../../components/content-view/new-quiz.ts';
import { markdownBlocks } from './assist-markdown.ts';
import { quizBlocks } from './assist-quiz.ts';

/** The server's limit on the text sent (`aiAssistBody`). */
export const ASSIST_INPUT_MAX = 8000;

const PREVIEW = 'aiAssistPreview';
/** Transactions that only show the text being written: not an edit to save, not an undo step. */
export const isAssistPreview = (tr: Transaction): boolean => tr.getMeta(PREVIEW) === true;

type Range = { from: number; to: number };
/** A rewrite replaces the selection; everything else is inserted at a position between blocks. */
type Target = { kind: 'replace'; from: number; to: number } | { kind: 'insert'; at: number };

export interface AssistWriter {
  /** The text the assist works on: the selection, or the whole lesson. */
  readonly input: string;
  /** Shows the answer so far in the document, in place of the previous preview; not an undo step. */
  preview: (answer: string) => void;
  /** Puts the final answer in as one undo step; returns whether anything was written. */
  commit: (answer: string) => boolean;
}

export type AssistStart = { writer: AssistWriter } | { problem: 'empty' | 'tooLong' };

const targetOf = (state: EditorState, action: AiAssistAction, selected: boolean): Target => {
  const { selection, doc } = state;
  if (selected && action === 'rewrite') return { kind: 'replace', from: selection.from, to: selection.to };
  if (selected) {
    // After the top-level block the selection ends in: the result never splits a paragraph or list.
    const { $to } = selection;
    return { kind: 'insert', at: $to.depth === 0 ? $to.pos : $to.after(1) };
  }
  // At the end, but before the empty paragraph the editor keeps last, so that it stays last.
  const last = doc.lastChild;
  const trailing = last?.type.name === 'paragraph' && last.content.size === 0 ? last.nodeSize : 0;
  return { kind: 'insert', at: doc.content.size - trailing };
};

/** Whitelisted blocks as editor nodes; a block the schema refuses (a half-streamed list) becomes its text. */
const toNodes = (schema: Schema, blocks: DocNode[]): PmNode[] =>
  blocks.flatMap((block) => {
    try {
      const node = schema.nodeFromJSON(block);
      node.check();
      return [node];
    } catch {
      const text = docText(block).replace(/\s+/g, ' ').trim();
      return text ? [schema.nodes.paragraph!.create(null, schema.text(text))] : [];
    }
  });

/** What the answer so far reads as: Markdown, or for a quiz its quiz blocks (see assist-quiz.ts). */
type Reader = (text: string) => DocNode[];

const sliceOf = (schema: Schema, blocks: DocNode[], target: Target): Slice | null => {
  const nodes = toNodes(schema, blocks);
  if (!nodes.length) return null;
  // One paragraph replacing a selection flows into the text around it, as pasted text would.
  const open = target.kind === 'replace' && nodes.length === 1 && nodes[0]!.type.name === 'paragraph' ? 1 : 0;
  return new Slice(Fragment.fromArray(nodes), open, open);
};

/** Writes the slice at the target; answers where the written text ended up. */
const place = (tr: Transform, target: Target, slice: Slice): Range => {
  const [from, to] = target.kind === 'replace' ? [target.from, target.to] : [target.at, target.at];
  const start = tr.steps.length;
  tr.replaceRange(from, to, slice);
  const map = tr.mapping.slice(start);
  return { from: map.map(from, -1), to: map.map(to, 1) };
};

/**
 * Turns the document into `target` by replacing only the part that differs (as ProseMirror's view
 * reads DOM changes), so the step is small and undo history outside it keeps its positions.
 */
const showDoc = (tr: Transaction, target: PmNode): void => {
  const start = tr.doc.content.findDiffStart(target.content);
  const end = tr.doc.content.findDiffEnd(target.content);
  if (start === null || !end) return;
  let { a: endHere, b: endThere } = end;
  const overlap = start - Math.min(endHere, endThere);
  if (overlap > 0) {
    endHere += overlap;
    endThere += overlap;
  }
  tr.replace(start, endHere, target.slice(start, endThere));
  if (!tr.doc.eq(target)) tr.replaceWith(0, tr.doc.content.size, target.content);
};

/**
 * Ends the current undo group, ProseMirror's (no live document) and Yjs's (a live one: its undo
 * manager merges changes within 500 ms otherwise).
 */
const closeGroups = (state: EditorState, tr: Transaction): Transaction => {
  (
    yUndoPluginKey.getState(state) as { undoManager?: { stopCapturing: () => void } } | undefined
  )?.undoManager?.stopCapturing();
  return closeHistory(tr);
};

const asPreview = (tr: Transaction, ranges: AssistRanges | null): Transaction =>
  setAssistRanges(tr, ranges).setMeta(PREVIEW, true).setMeta('addToHistory', false);

/**
 * One assist run on the editor. While the text streams, each preview replaces the last one outside
 * the undo history (a rewrite shows the selection struck through, the new text after it); commit
 * restores the document as it was and writes the final text in one transaction that history
 * records, so a single undo removes it and brings back a replaced selection.
 */
/** The text an action would work on now (the selection, or the whole lesson), or why it cannot run. */
export const assistInput = (
  state: EditorState,
  action: AiAssistAction,
): { input: string; selected: boolean } | { problem: 'empty' | 'tooLong' } => {
  const { doc, selection } = state;
  const selected = selection.empty ? '' : doc.textBetween(selection.from, selection.to, '\n').trim();
  const input = selected || doc.textBetween(0, doc.content.size, '\n').trim();
  if (!input) return { problem: 'empty' };
  if (input.length <= ASSIST_INPUT_MAX) return { input, selected: Boolean(selected) };
  // Continuing needs only the end of the text; the other actions need all of it.
  if (action !== 'continue') return { problem: 'tooLong' };
  return { input: input.slice(-ASSIST_INPUT_MAX), selected: Boolean(selected) };
};

export const startAssist = (editor: Editor, action: AiAssistAction): AssistStart => {
  const { state } = editor;
  const { doc, selection, schema } = state;
  const found = assistInput(state, action);
  if ('problem' in found) return found;
  const { input } = found;
  const selected = found.selected;

  const target = targetOf(state, action, Boolean(selected));
  const bookmark = selection.getBookmark();
  // A rewrite's preview goes after the selection, which stays until the text is final.
  const previewTarget: Target = target.kind === 'replace' ? { ...target, from: target.to } : target;
  const replacing = target.kind === 'replace' ? { from: target.from, to: target.to } : undefined;
  // Quiz ids of this run: every preview and the commit name each quiz alike.
  const run = newQuizId();
  const read: Reader = action === 'quiz' ? (text) => quizBlocks(text, run) : markdownBlocks;
  const binding = bindingOf(state);
  if (binding)
    return {
      writer: { input, ...liveWriter(editor, binding, target, (a) => sliceOf(schema, read(a), target)) },
    };

  const preview = (answer: string) => {
    const slice = sliceOf(schema, read(answer), previewTarget);
    const draft = new Transform(doc);
    const writing = slice ? place(draft, previewTarget, slice) : undefined;
    const tr = editor.state.tr;
    showDoc(tr, draft.doc);
    if (writing) tr.setSelection(TextSelection.near(tr.doc.resolve(writing.to), -1)).scrollIntoView();
    editor.view.dispatch(asPreview(tr, { writing, replacing }));
  };

  const commit = (answer: string) => {
    const restore = editor.state.tr;
    showDoc(restore, doc);
    restore.setSelection(bookmark.resolve(restore.doc));
    editor.view.dispatch(asPreview(restore, null));
    const slice = sliceOf(schema, read(answer), target);
    if (!slice) return false;
    // A group of its own: not merged with typing just before it…
    const tr = closeGroups(editor.state, editor.state.tr);
    const written = place(tr, target, slice);
    tr.setSelection(TextSelection.near(tr.doc.resolve(written.to), -1)).scrollIntoView();
    editor.view.dispatch(tr);
    // …nor with typing just after it.
    editor.view.dispatch(closeGroups(editor.state, editor.state.tr));
    return true;
  };

  return { writer: { input, preview, commit } };
};

/**
 * The assist in a shared (Yjs) document. Others keep typing while the answer streams, so nothing may
 * be rebuilt from the text as it was when the run started: the target is kept as Yjs relative
 * positions (it follows everyone's edits), the preview is a widget decoration (only on this screen,
 * never sent), and the commit writes the final text where the target is then, as one change.
 */
const liveWriter = (
  editor: Editor,
  b: YBinding,
  target: Target,
  sliceFor: (answer: string) => Slice | null,
): Pick<AssistWriter, 'preview' | 'commit'> => {
  // y-tiptap cannot keep a position between two blocks (it lands in the next block's text), so an
  // insert is kept inside a neighbour with content: the end of the block before it (then after that
  // block again) or, after a leaf such as a quiz, the start of the block after it (then before it).
  const { doc: startDoc } = editor.state;
  const side = (): -1 | 0 | 1 => {
    if (target.kind === 'replace') return 0;
    const $at = startDoc.resolve(target.at);
    if ($at.nodeBefore && !$at.nodeBefore.isLeaf) return -1;
    return $at.nodeAfter && !$at.nodeAfter.isLeaf ? 1 : 0;
  };
  const towards = side();
  const [from, to] =
    target.kind === 'replace' ? [target.from, target.to] : [target.at + towards, target.at + towards];
  const rel = [from, to].map((pos) => absolutePositionToRelativePosition(pos, b.type, b.mapping));
  /** The target now; at the end of the text if others deleted all of it. */
  const targetNow = (): Target => {
    const [f, t] = rel.map((r) => relativePositionToAbsolutePosition(b.doc, b.type, r, b.mapping));
    const { doc } = editor.state;
    if (f === null || f === undefined || t === null || t === undefined || f > doc.content.size)
      return { kind: 'insert', at: doc.content.size };
    if (target.kind === 'replace')
      return f < t ? { kind: 'replace', from: f, to: t } : { kind: 'insert', at: f };
    const $f = doc.resolve(f);
    if (towards === 0 || $f.depth === 0) return { kind: 'insert', at: f };
    return { kind: 'insert', at: towards < 0 ? $f.after(1) : $f.before(1) };
  };
  const serializer = DOMSerializer.fromSchema(editor.schema);
  let shown = 0;
  const preview = (answer: string) => {
    const slice = sliceFor(answer);
    const now = targetNow();
    const replacing = now.kind === 'replace' ? { from: now.from, to: now.to } : undefined;
    let widget: AssistRanges['widget'];
    if (slice) {
      // A paragraph flowing into a replaced selection shows inline; blocks show as blocks.
      const inline = slice.openStart > 0;
      const dom = document.createElement(inline ? 'span' : 'div');
      dom.className = 'ai-assist-writing';
      dom.append(serializer.serializeFragment(inline ? slice.content.firstChild!.content : slice.content));
      widget = { at: now.kind === 'replace' ? now.to : now.at, dom, key: `ai-assist-${++shown}` };
    }
    editor.view.dispatch(asPreview(editor.state.tr, { replacing, widget }));
  };
  const commit = (answer: string) => {
    editor.view.dispatch(asPreview(editor.state.tr, null));
    const slice = sliceFor(answer);
    if (!slice) return false;
    const tr = closeGroups(editor.state, editor.state.tr);
    const written = place(tr, targetNow(), slice);
    tr.setSelection(TextSelection.near(tr.doc.resolve(written.to), -1)).scrollIntoView();
    editor.view.dispatch(tr);
    editor.view.dispatch(closeGroups(editor.state, editor.state.tr));
    return true;
  };
  return { preview, commit };
};
