import type { DocNode } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { docToYDoc, FRAGMENT, fragmentToDoc, writeDocToFragment } from './y-json.ts';

const lesson: DocNode = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: '标题' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'plain ' },
        { type: 'text', text: 'bold', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' link', marks: [{ type: 'link', attrs: { href: 'https://a.example' } }] },
      ],
    },
    {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }] },
      ],
    },
    { type: 'image', attrs: { src: 'https://a.example/x.png', alt: 'x' } },
    { type: 'paragraph' },
  ],
};

describe('Tiptap JSON and the Yjs fragment', () => {
  it('a document survives JSON → Y → JSON, through an encoded update as a client would get it', () => {
    const server = docToYDoc(lesson);
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
    expect(fragmentToDoc(client.getXmlFragment(FRAGMENT))).toEqual(lesson);
  });

  it('null attrs are left out (y-prosemirror does the same) and an empty fragment is the empty lesson', () => {
    const doc = docToYDoc({ type: 'doc', content: [{ type: 'heading', attrs: { level: 1, id: null } }] });
    expect(fragmentToDoc(doc.getXmlFragment(FRAGMENT))).toEqual({
      type: 'doc',
      content: [{ type: 'heading', attrs: { level: 1 } }],
    });
    expect(fragmentToDoc(new Y.Doc().getXmlFragment(FRAGMENT))).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph' }],
    });
  });

  it('replacing the content is one change that a peer applies as such', () => {
    const a = docToYDoc(lesson);
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    let updates = 0;
    a.on('update', (u: Uint8Array) => {
      updates++;
      Y.applyUpdate(b, u);
    });
    const next: DocNode = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'new' }] }],
    };
    a.transact(() => writeDocToFragment(a.getXmlFragment(FRAGMENT), next));
    expect(updates).toBe(1);
    expect(fragmentToDoc(b.getXmlFragment(FRAGMENT))).toEqual(next);
  });
});
