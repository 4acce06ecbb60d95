import { Code, Routes } from '@studio/contract';
import { screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../../lib/i18n/index.ts';
import { queryClient } from '../../../../lib/query-client.ts';
import { http } from '../../../../lib/request.ts';
import { renderEditor } from '../../../../test/render-editor.tsx';
import { insertMediaBlock } from './media-insert.ts';

const mock = new MockAdapter(http);
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

describe('inserting a media block', () => {
  it('goes where the cursor is, once per media (a resumed upload does not add it again)', async () => {
    mock.onGet(Routes.media.info).reply(200, { code: Code.NOT_FOUND, msg: '不存在', data: null });
    const editor = renderEditor({ type: 'doc', content: [paragraph('开头'), paragraph('结尾')] });
    await screen.findByText('开头');
    editor().commands.setTextSelection(3);
    expect(insertMediaBlock(editor(), { mediaId: 5, kind: 'video', title: '第一讲.mp4' })).toBe(true);
    expect(insertMediaBlock(editor(), { mediaId: 5, kind: 'video', title: '第一讲.mp4' })).toBe(false);
    const types = editor()
      .getJSON()
      .content!.map((n) => n.type);
    expect(types.filter((t) => t === 'media')).toHaveLength(1);
    expect(
      editor()
        .getJSON()
        .content!.find((n) => n.type === 'media')?.attrs,
    ).toEqual({
      mediaId: 5,
      kind: 'video',
      title: '第一讲.mp4',
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('音视频不存在或已删除'));
  });

  it('goes after a code block the cursor is in, which keeps all its lines', async () => {
    mock.onGet(Routes.media.info).reply(200, { code: Code.NOT_FOUND, msg: '不存在', data: null });
    const code = {
      type: 'codeBlock',
      attrs: { language: null },
      content: [{ type: 'text', text: 'a = 1\nb = 2' }],
    };
    const editor = renderEditor({ type: 'doc', content: [code, paragraph('后面')] });
    await screen.findByText('后面');
    editor().commands.setTextSelection(4);
    insertMediaBlock(editor(), { mediaId: 6, kind: 'audio', title: 'x'.repeat(300) });
    const content = editor().getJSON().content!;
    expect(content.map((n) => n.type)).toEqual(['codeBlock', 'media', 'paragraph']);
    expect(editor().state.doc.child(0).textContent).toBe('a = 1\nb = 2');
    expect(String(content[1]!.attrs!.title)).toHaveLength(200);
  });
});
