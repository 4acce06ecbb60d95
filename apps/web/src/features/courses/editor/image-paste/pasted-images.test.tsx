import { LIMITS, Routes, type DocNode } from '@studio/contract';
import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { EditorContent, useEditor } from '@tiptap/react';
import { render, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../../lib/i18n/index.ts';
import { http } from '../../../../lib/request.ts';
import { TestProviders } from '../../../../test/test-providers.tsx';
import { editorExtensions } from '../editor-extensions.ts';

const mock = new MockAdapter(http);
afterEach(() => mock.reset());

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const png = (name: string, size?: number) =>
  new File([size ? new Uint8Array(size) : Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0))], name, {
    type: 'image/png',
  });

const ok = (url: string) => [200, { code: 200, msg: 'ok', data: { url, key: url, size: 3 } }] as const;

/** Upload answers the test releases one by one (the placeholder is on screen until then). */
function heldUploads() {
  const waiting: ((reply: [number, unknown]) => void)[] = [];
  mock
    .onPost(Routes.file.upload)
    .reply(() => new Promise<[number, unknown]>((resolve) => waiting.push(resolve)));
  return {
    release: async (reply: readonly [number, unknown]) => {
      await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      waiting.shift()?.([...reply]);
    },
  };
}

const TWO_PARAGRAPHS: DocNode = {
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text: '第一段' }] },
    { type: 'paragraph', content: [{ type: 'text', text: '第二段' }] },
  ],
};

async function setup(content: DocNode = TWO_PARAGRAPHS) {
  const notices = { error: vi.fn(), warning: vi.fn() };
  let editor: Editor | null = null;
  const Harness = () => {
    const e = useEditor({ extensions: editorExtensions('', undefined, notices), content });
    useEffect(() => {
      editor = e;
    }, [e]);
    return <EditorContent editor={e} />;
  };
  render(
    <TestProviders>
      <Harness />
    </TestProviders>,
  );
  await screen.findByText('第二段');
  const e = editor as unknown as Editor;
  return { editor: e, notices };
}

/** The caret at the end of the first paragraph ("第一段|"). */
const caretAfterFirst = (e: Editor) =>
  e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, 4)));

function paste(e: Editor, data: { files?: File[]; html?: string; text?: string }) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', {
    value: {
      files: data.files ?? [],
      types: [...(data.files?.length ? ['Files'] : []), ...(data.html ? ['text/html'] : [])],
      getData: (type: string) => (type === 'text/html' ? (data.html ?? '') : (data.text ?? '')),
    },
  });
  e.view.dom.dispatchEvent(event);
  return event;
}

const blocks = (e: Editor) =>
  (e.getJSON().content ?? []).map((b) =>
    b.type === 'image'
      ? `image:${String(b.attrs?.src)}`
      : `${b.type}:${(b.content?.[0] as { text?: string } | undefined)?.text ?? ''}`,
  );

describe('pasting and dropping pictures into the lesson', () => {
  it('uploads a pasted screenshot through the image route, with a placeholder, and inserts it at the caret', async () => {
    const uploads = heldUploads();
    const { editor } = await setup();
    caretAfterFirst(editor);
    const event = paste(editor, { files: [png('截图.png')] });
    expect(event.defaultPrevented).toBe(true);
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      expect.stringContaining('截图.png'),
    );
    expect(blocks(editor)).toEqual(['paragraph:第一段', 'paragraph:第二段']);

    await uploads.release(ok('/api/files/image/shot.png'));
    await waitFor(() =>
      expect(blocks(editor)).toEqual([
        'paragraph:第一段',
        'image:/api/files/image/shot.png',
        'paragraph:第二段',
      ]),
    );
    expect(screen.queryByRole('status')).toBeNull();
    const form = mock.history.post[0]?.data as FormData;
    expect(form.get('kind')).toBe('image');
    expect((form.get('file') as File).name).toBe('截图.png');
    expect(editor.getJSON().content?.[1]?.attrs).toMatchObject({ alt: '截图' });
  });

  it('removes the placeholder and stores nothing when the upload fails, and says so', async () => {
    mock.onPost(Routes.file.upload).reply(500);
    const { editor, notices } = await setup();
    caretAfterFirst(editor);
    paste(editor, { files: [png('坏图.png')] });
    await waitFor(() => expect(notices.error).toHaveBeenCalledWith(expect.stringContaining('坏图.png')));
    expect(notices.error.mock.calls[0]?.[0]).toContain('没有上传成功');
    expect(screen.queryByRole('status')).toBeNull();
    expect(blocks(editor)).toEqual(['paragraph:第一段', 'paragraph:第二段']);
  });

  it('refuses a picture over the upload limit before sending it, naming the limit', async () => {
    const { editor, notices } = await setup();
    caretAfterFirst(editor);
    paste(editor, { files: [png('大图.png', LIMITS.uploadMaxBytes + 1)] });
    expect(notices.error).toHaveBeenCalledWith(
      expect.stringContaining(`${LIMITS.uploadMaxBytes / 1024 / 1024} MB`),
    );
    expect(mock.history.post).toHaveLength(0);
    expect(screen.queryByRole('status')).toBeNull();
    expect(blocks(editor)).toEqual(['paragraph:第一段', 'paragraph:第二段']);
  });

  it('uploads the data: image of pasted HTML and leaves out file: images with a notice', async () => {
    mock.onPost(Routes.file.upload).reply(...ok('/api/files/image/from-data.png'));
    const { editor, notices } = await setup();
    caretAfterFirst(editor);
    paste(editor, {
      html: `<p>复制的说明</p><img src="data:image/png;base64,${PNG_BASE64}"><img src="file:///C:/Users/me/a.png">`,
      text: '复制的说明',
    });
    await waitFor(() => expect(blocks(editor)).toContain('image:/api/files/image/from-data.png'));
    expect(notices.warning).toHaveBeenCalledWith(expect.stringContaining('1 张图片'));
    const json = JSON.stringify(editor.getJSON());
    expect(json).not.toContain('data:');
    expect(json).not.toContain('file:');
    expect(json).toContain('复制的说明');
    expect(mock.history.post).toHaveLength(1);
    expect(((mock.history.post[0]?.data as FormData).get('file') as File).type).toBe('image/png');
  });

  it('drops two files at the drop point, in their order', async () => {
    const uploads = heldUploads();
    const { editor } = await setup();
    // jsdom has no layout: the drop point is where ProseMirror would find it.
    editor.view.posAtCoords = () => ({ pos: 4, inside: -1 });
    const event = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'dataTransfer', {
      value: { files: [png('一.png'), png('二.png')], types: ['Files'], getData: () => '' },
    });
    editor.view.dom.dispatchEvent(event);
    expect(await screen.findAllByRole('status')).toHaveLength(2);
    // The second waits for the first, so they land in order even if the writer edits meanwhile.
    await uploads.release(ok('/api/files/image/1.png'));
    await uploads.release(ok('/api/files/image/2.png'));
    await waitFor(() =>
      expect(blocks(editor)).toEqual([
        'paragraph:第一段',
        'image:/api/files/image/1.png',
        'image:/api/files/image/2.png',
        'paragraph:第二段',
      ]),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
