import { Code, Routes } from '@studio/contract';
import MockAdapter from 'axios-mock-adapter';
import { beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { call, callEnvelope } from './call.ts';
import { setNavigator } from './navigation.ts';
import { resetNotices, setNoticeApi } from './notice.ts';
import { http } from './request.ts';

const mock = new MockAdapter(http);
const notices = { error: vi.fn(), warning: vi.fn() };

beforeEach(() => {
  mock.reset();
  notices.error.mockReset();
  resetNotices();
  setNoticeApi(notices);
  setNavigator(vi.fn());
});

describe('the typed client (contract endpoints)', () => {
  it('GET sends the input as the query string and resolves with the data', async () => {
    mock.onGet(Routes.course.detail).reply(200, { code: 200, msg: 'ok', data: { courseId: 3 } });
    await expect(call.get(Routes.course.detail, { courseId: 3 })).resolves.toEqual({ courseId: 3 });
    expect(mock.history.get[0]?.params).toEqual({ courseId: 3 });
  });

  it('POST sends the input as the JSON body', async () => {
    mock.onPost(Routes.course.create).reply(200, { code: 200, msg: 'ok', data: { courseId: 4 } });
    await expect(call.post(Routes.course.create, { title: '新课程' })).resolves.toEqual({ courseId: 4 });
    expect(JSON.parse(String(mock.history.post[0]?.data))).toEqual({ title: '新课程' });
  });

  it('keeps the envelope rules: a failing code rejects, silent shows nothing', async () => {
    mock.onPost(Routes.course.delete).reply(200, { code: Code.NOT_FOUND, msg: '不存在', data: null });
    await expect(call.post(Routes.course.delete, { courseId: 1 }, { silent: true })).rejects.toMatchObject({
      code: Code.NOT_FOUND,
    });
    expect(notices.error).not.toHaveBeenCalled();
    await expect(call.post(Routes.course.delete, { courseId: 1 })).rejects.toMatchObject({
      code: Code.NOT_FOUND,
    });
    expect(notices.error).toHaveBeenCalledTimes(1);
  });

  it('callEnvelope resolves with the whole envelope (its code)', async () => {
    mock.onPost(Routes.share.copy).reply(200, { code: 200, msg: 'ok', data: { courseId: 9 } });
    await expect(callEnvelope.post(Routes.share.copy, { shareId: 'a' })).resolves.toEqual({
      code: 200,
      msg: 'ok',
      data: { courseId: 9 },
    });
  });

  it('asks an endpoint with progress for its lines, hands each step on, resolves with the last line', async () => {
    const line = (v: unknown) => `${JSON.stringify(v)}\n`;
    const body =
      line({ progress: { done: 1, total: 2, unit: 'page' } }) +
      line({ code: 200, msg: 'ok', data: { pages: 2 } });
    mock.onPost(Routes.ai.documentParse).reply((config) => {
      config.onDownloadProgress?.({
        loaded: 1,
        bytes: 1,
        event: { target: { responseText: body } },
      } as never);
      return [200, body];
    });
    const seen: unknown[] = [];
    await expect(
      call.postWithProgress(Routes.ai.documentParse, new FormData(), (p) => seen.push(p)),
    ).resolves.toEqual({ pages: 2 });
    expect(seen).toEqual([{ done: 1, total: 2, unit: 'page' }]);
    expect(String(mock.history.post[0]?.headers?.Accept)).toBe('application/x-ndjson, application/json');
  });

  it('keeps the envelope rules for the last line: a refusal rejects', async () => {
    mock
      .onPost(Routes.ai.documentParse)
      .reply(200, `${JSON.stringify({ code: Code.AI_DOC_ENCRYPTED, msg: '加密', data: null })}\n`);
    await expect(
      call.postWithProgress(Routes.ai.documentParse, new FormData(), () => undefined, { silent: true }),
    ).rejects.toMatchObject({ code: Code.AI_DOC_ENCRYPTED });
  });

  it('types input and answer from the endpoint at the path (checked by tsc -p apps/web)', () => {
    const typed = () => {
      expectTypeOf(call.get(Routes.course.releaseList, { courseId: 1 })).resolves.toHaveProperty('list');
      // @ts-expect-error: a body that does not match the schema (courseId is a number)
      void call.post(Routes.course.delete, { courseId: 'one' });
      // @ts-expect-error: a field the schema does not have is missing its required courseId
      void call.post(Routes.course.duplicate, { lessonId: 1 });
      // @ts-expect-error: the input is required
      void call.get(Routes.course.detail);
      // @ts-expect-error: a POST endpoint cannot be called with GET
      void call.get(Routes.course.create, { title: 'x' });
      // @ts-expect-error: not a JSON endpoint of the table
      void call.get(Routes.learn.reportCsv);
      // @ts-expect-error: an endpoint that reports no progress
      void call.postWithProgress(Routes.file.upload, new FormData(), () => undefined);
      // The progress is the endpoint's own (its unit is one of page, slide, picture).
      void call.postWithProgress(Routes.ai.documentParse, new FormData(), (p) =>
        expectTypeOf(p.unit).toEqualTypeOf<'page' | 'slide' | 'picture'>(),
      );
    };
    expect(typed).toBeTypeOf('function');
  });
});
