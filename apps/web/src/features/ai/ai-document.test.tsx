/**
 * A course from a document in the web: the file goes up with its progress, the server's reading is
 * shown, its refusal is said where the file was dropped; the job is created with the document, the
 * generator says it writes from the document without AI, and the outline's lessons merge and split
 * with their sections.
 */
import { Code, Routes, type AiDocument, type AiJob, type DocumentParseProgress } from '@studio/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosProgressEvent } from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { http } from '../../lib/request.ts';
import { writeStoredUser } from '../../lib/storage.ts';
import { user } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { useSession } from '../../lib/session-store.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown) => [200, { code: Code.OK, msg: 'ok', data }] as const;

const document: AiDocument = {
  documentId: 12,
  name: '设备手册.docx',
  format: 'docx',
  pages: 3,
  sections: [
    { title: '第一章 安全规范', level: 1, source: '第一章 安全规范', chars: 40, images: 0 },
    { title: '第二章 设备操作', level: 1, source: '第二章 设备操作', chars: 30, images: 0 },
    { title: '第三章 故障处理', level: 1, source: '第三章 故障处理', chars: 20, images: 0 },
  ],
};
const outline = {
  title: '设备安全培训',
  subtitle: '',
  summary: '三节课',
  lessons: [
    { title: '第一章 安全规范', goal: '', sources: [0] },
    { title: '第二章 设备操作', goal: '', sources: [1] },
    { title: '第三章 故障处理', goal: '', sources: [2] },
  ],
};
const job: AiJob = {
  jobId: 7,
  kind: 'generate',
  translation: null,
  status: 'outline_ready',
  request: {
    topic: '设备手册',
    audience: '',
    level: 'beginner',
    lessonCount: 5,
    language: 'zh-CN',
    tone: 'friendly',
    reference: '',
    documentId: 12,
  },
  outline,
  courseId: null,
  generator: { kind: 'template', label: '按文档结构生成（未使用 AI）' },
  lessons: [],
  percent: 10,
  error: null,
  createTime: 1_700_000_000_000,
  updateTime: 1_700_000_000_000,
  lastEventId: 3,
  abilities: { outline: true, generate: true, retry: true, cancel: true },
};

const drop = (file: File) => {
  const input = window.document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
};

beforeEach(() => {
  writeStoredUser(user());
  useSession.setState({ status: 'ready', user: user() });
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
  mock.onGet(Routes.ai.generator).reply(...ok({ kind: 'template', label: '模板生成（非 AI）' }));
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

describe('AI 创课 from a document', () => {
  it('uploads the file, shows what was read, and creates the job with the document', async () => {
    mock.onPost(Routes.ai.documentParse).reply(...ok(document));
    mock.onPost(Routes.ai.create).reply(...ok(job));
    mock.onGet(Routes.ai.detail).reply(...ok(job));
    renderApp('/ai/create');
    expect(await screen.findByText('当前使用内置模板生成，不是 AI')).toBeTruthy();
    drop(new File(['PK'], '设备手册.docx'));

    expect(await screen.findByText('已读取《设备手册.docx》：3 页，3 个章节')).toBeTruthy();
    // Without a model, the course is the document's own text, and says so.
    expect(screen.getByText('按文档结构生成（未使用 AI）')).toBeTruthy();
    const sent = mock.history.post.find((r) => r.url === Routes.ai.documentParse)!;
    expect(sent.data).toBeInstanceOf(FormData);
    expect((sent.data as FormData).get('file')).toBeInstanceOf(File);
    // The topic starts as the document's name.
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '课程主题' }).value).toBe('设备手册');

    fireEvent.click(screen.getByRole('button', { name: /生成大纲/ }));
    await waitFor(() => expect(mock.history.post.some((r) => r.url === Routes.ai.create)).toBe(true));
    const body = JSON.parse(String(mock.history.post.find((r) => r.url === Routes.ai.create)!.data)) as {
      documentId: number;
      topic: string;
    };
    expect(body).toMatchObject({ documentId: 12, topic: '设备手册' });
  });

  /**
   * The parse answered in NDJSON: `sent` arrives while the server is still reading (the browser's
   * request reports it), the rest and the envelope when `finish` is called.
   */
  const answerInLines = (sent: DocumentParseProgress[], rest: DocumentParseProgress[], data: AiDocument) => {
    const line = (v: unknown) => `${JSON.stringify(v)}\n`;
    const lines = (ps: DocumentParseProgress[]) => ps.map((progress) => line({ progress })).join('');
    let finish = () => {};
    mock.onPost(Routes.ai.documentParse).reply((config) => {
      // Asked for by Accept: the table's endpoint reports its progress to a caller that accepts NDJSON.
      expect(String(config.headers?.Accept)).toContain('application/x-ndjson');
      config.onDownloadProgress?.({
        loaded: lines(sent).length,
        bytes: lines(sent).length,
        event: { target: { responseText: lines(sent) } },
      } as AxiosProgressEvent);
      return new Promise((resolve) => {
        finish = () => resolve([200, lines(sent) + lines(rest) + line({ code: Code.OK, msg: 'ok', data })]);
      });
    });
    return () => finish();
  };

  it('shows the pages read while the server reads, then what was read (the NDJSON answer)', async () => {
    const page = (done: number): DocumentParseProgress => ({ done, total: 3, unit: 'page' });
    const pdf: AiDocument = { ...document, name: 'manual.pdf', format: 'pdf' };
    const finish = answerInLines([page(1), page(2)], [page(3)], pdf);
    renderApp('/ai/create');
    await screen.findByText('当前使用内置模板生成，不是 AI');
    drop(new File(['%PDF'], 'manual.pdf'));
    expect(await screen.findByText('正在解析：第 2 / 3 页')).toBeTruthy();
    finish();
    expect(await screen.findByText('已读取《manual.pdf》：3 页，3 个章节')).toBeTruthy();
  });

  it('shows the pictures being stored after the slides are read', async () => {
    const finish = answerInLines(
      [
        { done: 3, total: 3, unit: 'slide' },
        { done: 1, total: 2, unit: 'picture' },
      ],
      [{ done: 2, total: 2, unit: 'picture' }],
      { ...document, name: 'deck.pptx', format: 'pptx' },
    );
    renderApp('/ai/create');
    await screen.findByText('当前使用内置模板生成，不是 AI');
    drop(new File(['PK'], 'deck.pptx'));
    expect(await screen.findByText('正在保存文档中的图片：第 1 / 2 张')).toBeTruthy();
    finish();
    expect(await screen.findByText('已读取《deck.pptx》：3 页，3 个章节')).toBeTruthy();
  });

  it('counts the pictures read (a DOCX’s or PPTX’s, which go into the lessons)', async () => {
    const [a, b, c] = document.sections;
    const pictures = { ...document, sections: [{ ...a!, images: 2 }, b!, { ...c!, images: 1 }] };
    mock.onPost(Routes.ai.documentParse).reply(...ok(pictures));
    renderApp('/ai/create');
    await screen.findByText('当前使用内置模板生成，不是 AI');
    drop(new File(['PK'], '设备手册.docx'));
    expect(
      await screen.findByText('已读取《设备手册.docx》：3 页，3 个章节，3 张图片（放入课时）'),
    ).toBeTruthy();
  });

  it('says the server’s refusal in the upload box (an encrypted file)', async () => {
    mock
      .onPost(Routes.ai.documentParse)
      .reply(200, { code: Code.AI_DOC_ENCRYPTED, msg: '文件已加密', data: null });
    renderApp('/ai/create');
    await screen.findByText('当前使用内置模板生成，不是 AI');
    drop(new File(['x'], 'secret.pdf'));
    expect(await screen.findByText('文件已加密（有密码保护），请去除密码后再上传')).toBeTruthy();
  });

  it('merges two lessons with their sections and splits them again before generating', async () => {
    mock.onGet(Routes.ai.detail).reply(...ok(job));
    mock.onPost(Routes.ai.outline).reply((config) => {
      const body = JSON.parse(String(config.data)) as { outline: typeof outline };
      return [200, { code: Code.OK, msg: 'ok', data: { ...job, outline: body.outline, lastEventId: 4 } }];
    });
    renderApp('/ai/progress?jobId=7');
    expect(await screen.findByText('按文档结构生成（未使用 AI）')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '把第 2 课和第 3 课合并' }));
    expect(screen.queryByRole('textbox', { name: '第 3 课标题' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '保存大纲' }));
    // The outline saves only: the previous test's page may still ask its estimate after it ends.
    const saves = () => mock.history.post.filter((r) => r.url === Routes.ai.outline);
    await waitFor(() => expect(saves()).toHaveLength(1));
    const merged = JSON.parse(String(saves()[0]!.data)) as { outline: typeof outline };
    expect(merged.outline.lessons.map((l) => [l.title, l.sources])).toEqual([
      ['第一章 安全规范', [0]],
      ['第二章 设备操作', [1, 2]],
    ]);

    fireEvent.click(screen.getByRole('button', { name: '把第 2 课拆成两课' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '第 3 课标题' }).value).toBe(
      '第二章 设备操作（续）',
    );
    fireEvent.click(screen.getByRole('button', { name: '保存大纲' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    const split = JSON.parse(String(saves()[1]!.data)) as { outline: typeof outline };
    expect(split.outline.lessons.map((l) => l.sources)).toEqual([[0], [1], [2]]);
  });
});
