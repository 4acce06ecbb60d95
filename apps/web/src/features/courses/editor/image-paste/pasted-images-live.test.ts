import { Routes } from '@studio/contract';
import { Editor } from '@tiptap/core';
import { waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, describe, expect, it } from 'vitest';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import '../../../../lib/i18n/index.ts';
import { http } from '../../../../lib/request.ts';
import { editorExtensions } from '../editor-extensions.ts';
import { uploadImages } from './pasted-images.ts';

const mock = new MockAdapter(http);
const editors: Editor[] = [];
afterEach(() => {
  mock.reset();
  editors.splice(0).forEach((e) => e.destroy());
});

const quiet = { error: () => undefined, warning: () => undefined };
const blocks = (e: Editor) =>
  (e.getJSON().content ?? []).map((b) =>
    b.type === 'image' ? 'image' : ((b.content?.[0] as { text?: string } | undefined)?.text ?? ''),
  );

describe('a pasted picture in a live lesson', () => {
  it('lands where it was pasted though another writer added text above meanwhile; nothing is shared before', async () => {
    // Two editors on two Y.Docs kept in sync, as two browsers through the server.
    const [docA, docB] = [new Y.Doc(), new Y.Doc()];
    docA.on('update', (u: Uint8Array, origin: unknown) => origin !== 'b' && Y.applyUpdate(docB, u, 'a'));
    docB.on('update', (u: Uint8Array, origin: unknown) => origin !== 'a' && Y.applyUpdate(docA, u, 'b'));
    const [a, b] = [docA, docB].map((doc) => {
      const e = new Editor({
        element: document.createElement('div'),
        extensions: editorExtensions('', { doc, awareness: new Awareness(doc) }, quiet),
      });
      editors.push(e);
      return e;
    }) as [Editor, Editor];
    a.commands.insertContent('<p>第一段</p><p>第二段</p>');
    expect(blocks(b)).toEqual(['第一段', '第二段']);

    let release: (reply: [number, unknown]) => void = () => undefined;
    mock.onPost(Routes.file.upload).reply(() => new Promise<[number, unknown]>((r) => (release = r)));
    // Pasted at the end of 第一段 (position 4).
    const done = uploadImages(a, [new File(['png'], '图.png', { type: 'image/png' })], 4, quiet);
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    // The other writer adds a paragraph at the top while the picture uploads.
    b.commands.insertContentAt(0, '<p>新开头</p>');
    expect(blocks(a)).toEqual(['新开头', '第一段', '第二段']);
    expect(docB.getXmlFragment('default').toString()).not.toContain('image');

    release([200, { code: 200, msg: 'ok', data: { url: '/api/files/image/a.png', key: 'a.png', size: 3 } }]);
    await done;
    for (const e of [a, b]) expect(blocks(e)).toEqual(['新开头', '第一段', 'image', '第二段']);
  });
});
