import { Code, Routes, type Attachment } from '@studio/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../../lib/i18n/index.ts';
import { queryClient } from '../../../../lib/query-client.ts';
import { http } from '../../../../lib/request.ts';
import { TestProviders } from '../../../../test/test-providers.tsx';
import { AttachmentsPanel } from './attachments-panel.tsx';

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
  mock.reset();
  queryClient.clear();
});

const renderPanel = (editable = true) =>
  render(
    <TestProviders>
      <AttachmentsPanel lessonId={7} editable={editable} />
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

  it('uploads the chosen file as multipart (lessonId first), shows its progress, then lists it', async () => {
    let release: (() => void) | null = null;
    let sent: FormData | null = null;
    mock.onPost(Routes.attachment.upload).reply(
      (config) =>
        new Promise((resolve) => {
          sent = config.data as FormData;
          release = () => {
            list = [...list, file(3, '新讲义.pdf')];
            resolve(ok(file(3, '新讲义.pdf')));
          };
        }),
    );
    renderPanel();
    await screen.findByText('讲义.pdf');
    choose('新讲义.pdf');
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('正在上传 新讲义.pdf');
    expect(within(status).getByRole('progressbar')).toBeTruthy();
    expect([...sent!.keys()]).toEqual(['lessonId', 'file']);
    expect(sent!.get('lessonId')).toBe('7');
    release!();
    expect(await screen.findByText('新讲义.pdf')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('says why the server refused a file', async () => {
    mock
      .onPost(Routes.attachment.upload)
      .reply(200, { code: Code.ATTACHMENT_TYPE_REFUSED, msg: '附件只能是 PDF…', data: null });
    renderPanel();
    await screen.findByText('讲义.pdf');
    choose('photo.pdf');
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('附件只能是 PDF'))).toBe(true),
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
