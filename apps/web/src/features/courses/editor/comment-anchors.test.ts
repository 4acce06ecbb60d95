/** Anchors on a plain Y.Doc through y-tiptap, with the editor's own schema: a range follows edits. */
import { getSchema } from '@tiptap/core';
import { initProseMirrorDoc, prosemirrorJSONToYXmlFragment } from '@tiptap/y-tiptap';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { anchorsOf, decodeAnchor, rangeOf, type YBinding } from './comment-anchors.ts';
import { editorExtensions } from './editor-extensions.ts';

const schema = getSchema(editorExtensions(''));
const doc = {
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text: '第一段' }] },
    { type: 'paragraph', content: [{ type: 'text', text: '变量的作用域很重要' }] },
  ],
};

/** The binding a synced editor would hold: the Y.Doc's `default` fragment and a fresh mapping of it. */
const bind = (ydoc: Y.Doc): YBinding & { pm: ReturnType<typeof initProseMirrorDoc>['doc'] } => {
  const type = ydoc.getXmlFragment('default');
  const { doc: pm, mapping } = initProseMirrorDoc(type, schema);
  return { doc: ydoc, type, mapping, pm };
};

const setup = () => {
  const ydoc = new Y.Doc();
  prosemirrorJSONToYXmlFragment(schema, doc, ydoc.getXmlFragment('default'));
  const b = bind(ydoc);
  // 作用域 in the second paragraph: its text starts after the first paragraph (3 chars + 2) + 1.
  const start = b.pm.content.child(0).nodeSize + 1 + '变量的'.length;
  const range = { from: start, to: start + '作用域'.length };
  expect(b.pm.textBetween(range.from, range.to)).toBe('作用域');
  return { ydoc, thread: anchorsOf(range.from, range.to, b), range };
};
const secondText = (ydoc: Y.Doc) =>
  (ydoc.getXmlFragment('default').get(1) as Y.XmlElement).get(0) as Y.XmlText;

describe('comment anchors', () => {
  it('are base64 and find their range again', () => {
    const { ydoc, thread, range } = setup();
    expect(thread.anchorStart).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(rangeOf(thread, bind(ydoc))).toEqual(range);
  });

  it('follow an insert before the range, in the same paragraph and in an earlier one', () => {
    const { ydoc, thread, range } = setup();
    secondText(ydoc).insert(0, '注意：');
    let b = bind(ydoc);
    let now = rangeOf(thread, b)!;
    expect(now).toEqual({ from: range.from + 3, to: range.to + 3 });
    expect(b.pm.textBetween(now.from, now.to)).toBe('作用域');

    ((ydoc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, '很长的');
    b = bind(ydoc);
    now = rangeOf(thread, b)!;
    expect(b.pm.textBetween(now.from, now.to)).toBe('作用域');
  });

  it('stay put for an insert after the range, and answer null for its deleted text or junk', () => {
    const { ydoc, thread, range } = setup();
    secondText(ydoc).insert('变量的作用域很'.length, '非常');
    expect(rangeOf(thread, bind(ydoc))).toEqual(range);
    secondText(ydoc).delete(0, secondText(ydoc).length);
    expect(rangeOf(thread, bind(ydoc))).toBeNull();
    expect(decodeAnchor('@@', bind(ydoc))).toBeNull();
    expect(decodeAnchor('', bind(ydoc))).toBeNull();
  });
});
