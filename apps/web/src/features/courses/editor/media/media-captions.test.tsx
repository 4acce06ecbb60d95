/**
 * 字幕 in the editor's media block: the media's languages listed, a file uploaded for the chosen
 * language (its text sent for the server to convert), one removed; a server refusal is said and the
 * list stays as it was. A viewer who cannot edit sees the list only.
 */
import { Code, Routes, type Caption, type Media } from '@studio/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../../lib/i18n/index.ts';
import { queryClient } from '../../../../lib/query-client.ts';
import { http } from '../../../../lib/request.ts';
import { renderEditor } from '../../../../test/render-editor.tsx';

const mock = new MockAdapter(http);
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

const media: Media = {
  mediaId: 5,
  name: '第一讲.mp4',
  status: 'ready',
  kind: 'video',
  sizeBytes: 1000,
  progress: 100,
  durationMs: 3000,
  width: 640,
  height: 360,
  renditions: ['360p'],
  errorCode: null,
  createTime: 0,
};
const ok = (data: unknown): [number, unknown] => [200, { code: Code.OK, msg: 'ok', data }];
const caption = (captionId: number, lang: string, label: string): Caption => ({
  captionId,
  mediaId: 5,
  lang,
  label,
  cueCount: 12,
  createTime: 0,
});

const openBlock = (editable = true) =>
  renderEditor(
    {
      type: 'doc',
      content: [
        { type: 'media', attrs: { mediaId: 5, kind: 'video', title: '第一讲.mp4' } },
        { type: 'paragraph' },
      ],
    },
    editable,
  );

describe('字幕 of a media block', () => {
  it('lists the languages, uploads a file for the chosen one, and removes one', async () => {
    let items = [caption(1, 'en', 'English')];
    mock.onGet(Routes.media.info).reply(() => ok(media));
    mock.onGet(Routes.media.captions).reply(() => ok({ items }));
    const sent: Record<string, unknown>[] = [];
    mock.onPost(Routes.media.captionUpload).reply((config) => {
      const body = JSON.parse(config.data as string) as Record<string, unknown>;
      sent.push(body);
      items = [...items, caption(2, 'zh-CN', '中文')];
      return ok(items[1]);
    });
    mock.onPost(Routes.media.captionRemove).reply((config) => {
      const { captionId } = JSON.parse(config.data as string) as { captionId: number };
      items = items.filter((c) => c.captionId !== captionId);
      return ok(null);
    });
    openBlock();
    expect(await screen.findByText('English（12 条）')).toBeTruthy();

    const file = new File(['1\n00:00:01,000 --> 00:00:02,000\n大家好\n'], '中文.srt', { type: 'text/plain' });
    fireEvent.change(screen.getByLabelText('选择字幕文件'), { target: { files: [file] } });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      mediaId: 5,
      lang: 'zh-CN',
      label: '中文',
      fileName: '中文.srt',
      text: '1\n00:00:01,000 --> 00:00:02,000\n大家好\n',
    });
    expect(await screen.findByText('中文（12 条）')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '删除English字幕' }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(screen.queryByText('English（12 条）')).toBeNull());
    expect(screen.getByText('中文（12 条）')).toBeTruthy();
  });

  it('lists a caption uploaded while the list was still loading', async () => {
    // The list's first answer was read before the upload and arrives after it.
    let answerFirst!: () => void;
    const firstAnswer = new Promise<void>((r) => (answerFirst = r));
    let listed = 0;
    let items: Caption[] = [];
    mock.onGet(Routes.media.info).reply(() => ok(media));
    mock.onGet(Routes.media.captions).reply(async () => {
      listed += 1;
      if (listed > 1) return ok({ items });
      const before = items;
      await firstAnswer;
      return ok({ items: before });
    });
    mock.onPost(Routes.media.captionUpload).reply(() => {
      items = [caption(2, 'zh-CN', '中文')];
      return ok(items[0]);
    });
    openBlock();
    await waitFor(() => expect(listed).toBe(1));
    expect(screen.queryByText('还没有字幕')).toBeNull(); // not said before the list has come
    const file = new File(['1\n00:00:01,000 --> 00:00:02,000\n大家好\n'], '中文.srt');
    fireEvent.change(screen.getByLabelText('选择字幕文件'), { target: { files: [file] } });
    await screen.findByText(/已添加/);
    answerFirst();
    expect(await screen.findByText('中文（12 条）')).toBeTruthy();
  });

  it('says a refused file in the server’s words and keeps the list', async () => {
    mock.onGet(Routes.media.info).reply(() => ok(media));
    mock.onGet(Routes.media.captions).reply(() => ok({ items: [] }));
    mock.onPost(Routes.media.captionUpload).reply(() => [
      400,
      {
        code: Code.CAPTION_INVALID,
        msg: '字幕文件格式有误（第 6 行附近）：请上传 WebVTT（.vtt）或 SRT（.srt）文件',
        data: { line: 6 },
      },
    ]);
    openBlock();
    expect(await screen.findByText('还没有字幕')).toBeTruthy();
    const file = new File(['broken'], 'a.srt');
    fireEvent.change(screen.getByLabelText('选择字幕文件'), { target: { files: [file] } });
    expect(await screen.findByText(/字幕文件格式有误（第 6 行附近）/)).toBeTruthy();
    expect(screen.getByText('还没有字幕')).toBeTruthy();
  });

  it('a reader who cannot edit sees the languages, without upload or removal', async () => {
    mock.onGet(Routes.media.info).reply(() => ok(media));
    mock.onGet(Routes.media.captions).reply(() => ok({ items: [caption(1, 'en', 'English')] }));
    openBlock(false);
    expect(await screen.findByText('English（12 条）')).toBeTruthy();
    expect(screen.queryByLabelText('选择字幕文件')).toBeNull();
    expect(screen.queryByRole('button', { name: '删除English字幕' })).toBeNull();
  });
});
