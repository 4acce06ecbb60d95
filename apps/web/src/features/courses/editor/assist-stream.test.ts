import { API_BASE, Code, Routes } from '@studio/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/index.ts';
import { streamAssist } from './assist-stream.ts';

const sse = (...events: object[]) =>
  events.map((e, i) => `id: ${i + 1}\ndata: ${JSON.stringify(e)}\n\n`).join('');
const answer = (body: string) =>
  new Response(new TextEncoder().encode(body), { headers: { 'content-type': 'text/event-stream' } });
const fetchMock = () => {
  const mock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', mock);
  return mock;
};
const request = { action: 'continue', text: '正文', language: 'zh-CN' } as const;

afterEach(() => vi.unstubAllGlobals());

describe('assist stream', () => {
  it('posts the request and hands over the growing text until done', async () => {
    const fetch = fetchMock().mockResolvedValue(
      answer(sse({ type: 'text-delta', text: '接下' }, { type: 'text-delta', text: '来' }, { type: 'done' })),
    );
    const seen: string[] = [];
    const outcome = await streamAssist(request, {
      onText: (t) => seen.push(t),
      signal: new AbortController().signal,
    });
    expect(fetch.mock.calls[0]?.[0]).toBe(`${API_BASE}${Routes.ai.assist}`);
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual(request);
    expect(seen).toEqual(['接下', '接下来']);
    expect(outcome).toEqual({ kind: 'done', text: '接下来' });
  });

  it("a failure reported by the server carries the server's message and the text so far", async () => {
    fetchMock().mockResolvedValue(
      answer(
        sse(
          { type: 'text-delta', text: '半' },
          { type: 'error', error: { code: Code.AI_ASSIST_UNAVAILABLE, params: {} } },
        ),
      ),
    );
    const outcome = await streamAssist(request, { onText: () => {}, signal: new AbortController().signal });
    expect(outcome).toEqual({ kind: 'failed', message: 'AI 助手暂时不可用，请稍后重试', text: '半' });
  });

  it("the server's failure is a code, said in the interface's language", async () => {
    const failure = sse({ type: 'error', error: { code: Code.AI_ASSIST_UNAVAILABLE, params: {} } });
    fetchMock().mockResolvedValue(answer(failure));
    await i18n.changeLanguage('en-US');
    try {
      const outcome = await streamAssist(request, { onText: () => {}, signal: new AbortController().signal });
      expect(outcome).toEqual({
        kind: 'failed',
        message: 'The AI assistant is not available right now. Try again later.',
        text: '',
      });
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });

  it('a refusal before the stream (the envelope) fails with its message', async () => {
    fetchMock().mockResolvedValue(
      new Response(JSON.stringify({ code: 542, msg: '团队已过期，只能查看，不能修改', data: null }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    const outcome = await streamAssist(request, { onText: () => {}, signal: new AbortController().signal });
    expect(outcome).toEqual({ kind: 'failed', message: '团队已过期，只能查看，不能修改', text: '' });
  });

  it('a stream that ends without done, or a dropped connection, fails without a message', async () => {
    fetchMock().mockResolvedValue(answer(sse({ type: 'text-delta', text: '半' })));
    expect(await streamAssist(request, { onText: () => {}, signal: new AbortController().signal })).toEqual({
      kind: 'failed',
      message: null,
      text: '半',
    });
    fetchMock().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await streamAssist(request, { onText: () => {}, signal: new AbortController().signal })).toEqual({
      kind: 'failed',
      message: null,
      text: '',
    });
  });

  it('stop: aborting ends the run as stopped with the text so far', async () => {
    const stop = new AbortController();
    fetchMock().mockResolvedValue(
      new Response(
        new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode(sse({ type: 'text-delta', text: '写到' })));
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      ),
    );
    const outcome = streamAssist(request, { onText: () => stop.abort(), signal: stop.signal });
    expect(await outcome).toEqual({ kind: 'stopped', text: '写到' });
  });
});
