import { Code, Routes, type Attachment } from '@studio/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { UploadOptions } from 'tus-js-client';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../../lib/i18n/index.ts';
import { queryClient } from '../../../../lib/query-client.ts';
import { http } from '../../../../lib/request.ts';
import { TestProviders } from '../../../../test/test-providers.tsx';
import { AttachmentsPanel } from './attachments-panel.tsx';
import { RETRY_DELAYS, type AttachmentTus, type CreateAttachmentTus } from './attachment-upload.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown, code: number = Code.OK): [number, unknown] => [200, { code, msg: 'ok', data }];
const file = (attachmentId: number, name: string): Attachment => ({
  attachmentId,
  lessonId: 7,
  name,
  kind: 'pdf',
  contentType: 'application/pdf',
  sizeBytes: 3500,
  createTime: 0,
});
let list: Attachment[] = [];

beforeEach(() => {
  list = [file(1, '讲义.pdf'), file(2, '习题.pdf')];
  mock.onGet(Routes.attachment.list).reply(() => ok({ list }));
});
afterEach(() => {
  tus = null;
  mock.reset();
  queryClient.clear();
});

/** tus-js-client's Upload as the panel drives it; the test plays the server's answers. */
class FakeTus implements AttachmentTus {
  started = false;
  constructor(readonly options: UploadOptions) {}
  start() {
    this.started = true;
  }
  abort() {
    return Promise.resolve();
  }
  findPreviousUploads() {
    return Promise.resolve([]);
  }
  resumeFromPreviousUpload() {}
  /** The upload ends with an answer of `status` (null: no answer, the network dropped). */
  fail(status: number | null, body = '') {
    const error = Object.assign(new Error('tus failed'), {
      originalResponse: status === null ? null : { getStatus: () => status, getBody: () => body },
    });
    this.options.onError!(error);
  }
}
let tus: FakeTus | null = null;
const createTus: CreateAttachmentTus = (_file, options) => (tus = new FakeTus(options));

const renderPanel = (editable = true) =>
  render(
    <TestProviders>
      <AttachmentsPanel lessonId={7} editable={editable} createTus={createTus} />
    </TestProviders>,
  );

const choose = (name: string) => {
  const input = screen.getByTestId('attachment-file');
  fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], name, { type: 'application/pdf' })] } });
};

describe('AttachmentsPanel', () => {
  it('lists the lesson’s attachments with type and size', async () => {
    renderPanel();
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('讲义.pdfPDF · 3.4 KB'),
      expect.stringContaining('习题.pdfPDF · 3.4 KB'),
    ]);
  });

  it('uploads the chosen file over tus (lesson in the metadata), shows its progress, then lists it', async () => {
    renderPanel();
    await screen.findByText('讲义.pdf');
    choose('新讲义.pdf');
    await waitFor(() => expect(tus?.started).toBe(true));
    const options = tus!.options;
    expect(options.endpoint).toMatch(/\/api\/attachment\/upload$/);
    expect(options.metadata).toEqual({ filename: '新讲义.pdf', lessonId: '7' });
    // A dropped line is tried again from the server's offset.
    expect(options.retryDelays).toEqual(RETRY_DELAYS);
    act(() => options.onProgress!(4, 8));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('正在上传 新讲义.pdf');
    expect(within(status).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    // Nothing half-made in the list while the bytes go.
    expect(screen.queryByText('新讲义.pdf', { selector: '.lesson-attachment-name' })).toBeNull();
    list = [...list, file(3, '新讲义.pdf')];
    act(() => {
      options.onAfterResponse!(
        { getMethod: () => 'PATCH' } as never,
        {
          getStatus: () => 204,
          getHeader: (h: string) => (h === 'Attachment-Id' ? '3' : undefined),
        } as never,
      );
      options.onSuccess!({ lastResponse: null as never });
    });
    expect(await screen.findByText('新讲义.pdf', { selector: '.lesson-attachment-name' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('says why the server refused a file, and lists nothing', async () => {
    renderPanel();
    await screen.findByText('讲义.pdf');
    choose('photo.pdf');
    await waitFor(() => expect(tus?.started).toBe(true));
    const refusal = { code: Code.ATTACHMENT_TYPE_REFUSED, msg: '附件只能是 PDF…', data: null };
    act(() => tus!.fail(400, JSON.stringify(refusal)));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('附件只能是 PDF'))).toBe(true),
    );
    expect(screen.queryByText('photo.pdf', { selector: '.lesson-attachment-name' })).toBeNull();
  });

  it('says the quota with its numbers, and a dropped network as such', async () => {
    renderPanel();
    await screen.findByText('讲义.pdf');
    choose('big.pdf');
    await waitFor(() => expect(tus?.started).toBe(true));
    const quota = { code: Code.MEDIA_QUOTA_EXCEEDED, msg: 'x', data: { usedMb: 10, quotaMb: 12 } };
    act(() => tus!.fail(400, JSON.stringify(quota)));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => /10.*12/.test(a.textContent ?? ''))).toBe(true),
    );
    tus = null;
    choose('big.pdf');
    await waitFor(() => expect(tus?.started).toBe(true));
    act(() => tus!.fail(null));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('网络中断'))).toBe(true),
    );
  });

  it('renames, moves and deletes through the server', async () => {
    mock.onPost(Routes.attachment.rename).reply((config) => {
      const body = JSON.parse(String(config.data)) as { attachmentId: number; name: string };
      list = list.map((a) => (a.attachmentId === body.attachmentId ? { ...a, name: body.name } : a));
      return ok(list.find((a) => a.attachmentId === body.attachmentId));
    });
    const reorders: unknown[] = [];
    mock.onPost(Routes.attachment.reorder).reply((config) => {
      const body = JSON.parse(String(config.data)) as { attachmentIds: number[] };
      reorders.push(body);
      list = body.attachmentIds.map((id) => list.find((a) => a.attachmentId === id)!);
      return ok({ list });
    });
    const removed: unknown[] = [];
    mock.onPost(Routes.attachment.remove).reply((config) => {
      removed.push(JSON.parse(String(config.data)));
      list = list.filter((a) => a.attachmentId !== 1);
      return ok(null);
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: '重命名 讲义.pdf' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('textbox', { name: '附件名称' });
    fireEvent.change(input, { target: { value: '第一讲.pdf' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('第一讲.pdf')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '下移 第一讲.pdf' }));
    await waitFor(() => expect(reorders).toEqual([{ lessonId: 7, attachmentIds: [2, 1] }]));
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]!.textContent).toContain('习题.pdf'));

    fireEvent.click(screen.getByRole('button', { name: '删除 第一讲.pdf' }));
    fireEvent.click(await screen.findByRole('button', { name: '删除' }));
    await waitFor(() => expect(removed).toEqual([{ attachmentId: 1 }]));
    await waitFor(() => expect(screen.queryByText('第一讲.pdf')).toBeNull());
  });

  it('offers no changes when the lesson is read-only', async () => {
    renderPanel(false);
    await screen.findByText('讲义.pdf');
    expect(screen.queryByRole('button', { name: '上传附件' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除 讲义.pdf' })).toBeNull();
  });
});
