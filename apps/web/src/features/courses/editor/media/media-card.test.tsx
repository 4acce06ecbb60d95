import { Code, Routes, type Media } from '@studio/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import type { UploadOptions } from 'tus-js-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../../lib/i18n/index.ts';
import { queryClient } from '../../../../lib/query-client.ts';
import { http } from '../../../../lib/request.ts';
import { renderEditor } from '../../../../test/render-editor.tsx';
import { forgetUpload, trackUpload } from './active-uploads.ts';
import { MediaUpload, type TusUpload } from './media-upload.ts';
import { MEDIA_POLL_MS } from './media-state.ts';
import { saveRecord } from './upload-records.ts';

const mock = new MockAdapter(http);
afterEach(() => {
  mock.reset();
  queryClient.clear();
  forgetUpload(5);
  vi.unstubAllGlobals();
});

const media = (patch: Partial<Media>): Media => ({
  mediaId: 5,
  name: '第一讲.mp4',
  status: 'processing',
  kind: 'video',
  sizeBytes: 1000,
  progress: 0,
  durationMs: 3000,
  width: 640,
  height: 360,
  renditions: [],
  errorCode: null,
  createTime: 0,
  ...patch,
});
/** The server's answers to /media/info in turn (the last one again); the number of asks. */
const serveInfo = (...answers: [number, unknown][]) => {
  let asked = 0;
  mock.onGet(Routes.media.info).reply(() => answers[Math.min(asked++, answers.length - 1)]!);
  return () => asked;
};
const ok = (data: Media): [number, unknown] => [200, { code: Code.OK, msg: 'ok', data }];

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
const status = () => screen.getByRole('status');

describe('the media block in the editor', () => {
  it('asks every few seconds while transcoding: 转码中 x%, then 可播放 once a rendition is done, then stops asking', async () => {
    const asked = serveInfo(
      ok(media({ progress: 20 })),
      ok(media({ progress: 60, renditions: ['360p'] })),
      ok(media({ status: 'ready', progress: 100, renditions: ['360p'] })),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      openBlock();
      await waitFor(() => expect(status().textContent).toBe('转码中 20%'));
      expect(screen.getByRole('progressbar', { name: '转码中 20%' })).toBeTruthy();
      await vi.advanceTimersByTimeAsync(MEDIA_POLL_MS);
      await waitFor(() => expect(status().textContent).toBe('可播放，仍在转码 60%'));
      await vi.advanceTimersByTimeAsync(MEDIA_POLL_MS);
      await waitFor(() => expect(status().textContent).toBe('可播放'));
      expect(screen.queryByRole('progressbar')).toBeNull();
      // Ready: no more asking, however long the author stays.
      const after = asked();
      await vi.advanceTimersByTimeAsync(MEDIA_POLL_MS * 4);
      expect(asked()).toBe(after);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says why transcoding failed with the code's message, and when the media is gone", async () => {
    serveInfo(ok(media({ status: 'failed', errorCode: Code.MEDIA_UNREADABLE })));
    openBlock();
    await waitFor(() => expect(status().textContent).toBe('失败：文件已损坏或不完整，无法转码'));
  });

  it('says a media that no longer exists, without an error notice', async () => {
    serveInfo([200, { code: Code.NOT_FOUND, msg: '不存在', data: null }]);
    openBlock();
    await waitFor(() => expect(status().textContent).toBe('音视频不存在或已删除'));
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  it('the server probed audio: the block takes its kind', async () => {
    serveInfo(ok(media({ status: 'ready', kind: 'audio', renditions: ['audio'] })));
    const editor = openBlock();
    await waitFor(() => expect(editor().getJSON().content?.[0]?.attrs?.kind).toBe('audio'));
  });

  it('shows the upload running in this page: percent, speed, time left; pause and resume it; cancel removes the block', async () => {
    const asked = serveInfo(ok(media({ status: 'uploading' })));
    let tus!: TusUpload & { options: UploadOptions; starts: number; aborts: boolean[] };
    let clock = 0;
    const upload = new MediaUpload(new File([new Uint8Array(100)], '第一讲.mp4'), {
      lessonId: 1,
      teamId: 1,
      onMediaId: () => undefined,
      now: () => clock,
      createTus: (_f, options) =>
        (tus = {
          options,
          url: '/api/media/upload/x',
          starts: 0,
          aborts: [],
          start() {
            this.starts++;
          },
          abort(terminate = false) {
            this.aborts.push(terminate);
            return Promise.resolve();
          },
          findPreviousUploads: () => Promise.resolve([]),
          resumeFromPreviousUpload: () => undefined,
        }),
    });
    await upload.start();
    trackUpload(5, upload);
    tus.options.onProgress!(0, 100);
    clock = 1_000;
    tus.options.onProgress!(42, 100);
    const editor = openBlock();
    await waitFor(() => expect(status().textContent).toBe('上传中 42%'));
    expect(screen.getByText('1 KB/s · 剩余 0:02')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '暂停' }));
    await waitFor(() => expect(status().textContent).toBe('已暂停 42%'));
    expect(tus.aborts).toEqual([false]);
    fireEvent.click(screen.getByRole('button', { name: '继续' }));
    await waitFor(() => expect(status().textContent).toBe('上传中 42%'));
    expect(tus.starts).toBe(2);
    // Not asked while its own upload says more than the server can.
    expect(asked()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: '取消上传' }));
    await waitFor(() =>
      expect(
        editor()
          .getJSON()
          .content?.some((n) => n.type === 'media'),
      ).toBe(false),
    );
    expect(tus.aborts).toEqual([false, true]);
  });

  it('an upload this browser left unfinished: how much the server holds, and the file asked for again', async () => {
    serveInfo(ok(media({ status: 'uploading' })));
    saveRecord({
      mediaId: 5,
      lessonId: 1,
      uploadUrl: '/api/media/upload/abc',
      name: '第一讲.mp4',
      size: 1000,
    });
    const head = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(new Response(null, { status: 200, headers: { 'Upload-Offset': '500' } })),
    );
    vi.stubGlobal('fetch', head);
    openBlock();
    await waitFor(() => expect(status().textContent).toBe('上传未完成（已传 50%）'));
    expect(head.mock.calls[0]![0]).toBe('/api/media/upload/abc');
    expect(head.mock.calls[0]![1]).toMatchObject({ method: 'HEAD' });
    expect(screen.getByRole('button', { name: '选择文件继续上传' })).toBeTruthy();
    // Another file is not taken for it.
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(picker, { target: { files: [new File([new Uint8Array(10)], '别的.mp4')] } });
    await screen.findByText('请选择原来的文件“第一讲.mp4”继续上传');
  });

  it('shows the state without controls in a read-only editor', async () => {
    serveInfo(ok(media({ progress: 30 })));
    openBlock(false);
    await waitFor(() => expect(status().textContent).toBe('转码中 30%'));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
