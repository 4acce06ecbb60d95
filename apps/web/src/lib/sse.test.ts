import { API_BASE, SOURCE_HEADER, TOKEN_HEADER } from '@studio/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '../test/fixtures.ts';
import { ApiError } from './api-error.ts';
import { setNavigator } from './navigation.ts';
import { openStream, type StreamMessage } from './sse.ts';
import { readStoredUser, writeStoredUser } from './storage.ts';

const streamResponse = (body: string, status = 200) =>
  new Response(new TextEncoder().encode(body), { status, headers: { 'content-type': 'text/event-stream' } });

const fetchMock = () => {
  const mock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', mock);
  return mock;
};

const envelopeResponse = (code: number, msg: string, status = 200) =>
  new Response(JSON.stringify({ code, msg, data: null }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  setNavigator(null);
});

describe('SSE client', () => {
  it('opens API base + path with both headers and the credentials flag', async () => {
    writeStoredUser(user({ token: 'sse-token' }));
    const fetch = fetchMock().mockResolvedValue(streamResponse('id: 1\ndata: {"p":10}\n\n'));
    const messages: StreamMessage[] = [];
    const stream = openStream('/ai/jobs/5/events', { onMessage: (m) => messages.push(m) });
    await stream.done;

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(`${API_BASE}/ai/jobs/5/events`);
    expect(init?.credentials).toBe('include');
    const headers = init?.headers as Record<string, string>;
    expect(headers[TOKEN_HEADER]).toBe('sse-token');
    expect(headers[SOURCE_HEADER]).toBe('pc');
    expect(messages.map((m) => m.data)).toEqual(['{"p":10}']);
    expect(stream.lastEventId()).toBe('1');
  });

  it('resumes from a given Last-Event-ID, under the one header name the retry logic also writes', async () => {
    let sent: Record<string, string> = {};
    fetchMock().mockImplementation((_url, init) => {
      sent = { ...(init?.headers as Record<string, string>) }; // a copy: the library reuses the object
      return Promise.resolve(streamResponse('id: 43\ndata: x\n\n'));
    });
    await openStream('/s', { onMessage: () => {}, lastEventId: '42' }).done;
    expect(sent['last-event-id']).toBe('42');
    expect(Object.keys(sent).filter((k) => k.toLowerCase() === 'last-event-id')).toHaveLength(1);
  });

  it('close() aborts the connection', async () => {
    let signal: AbortSignal | undefined;
    fetchMock().mockImplementation((_url, init) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>(() => {});
    });
    const stream = openStream('/s', { onMessage: () => {} });
    await vi.waitFor(() => expect(signal).toBeDefined());
    stream.close();
    await stream.done;
    expect(signal?.aborted).toBe(true);
  });

  it('stops for good on a 4xx answer and reports it', async () => {
    const fetch = fetchMock().mockResolvedValue(new Response('{}', { status: 404 }));
    const onFatal = vi.fn();
    await openStream('/s', { onMessage: () => {}, onFatal }).done;
    expect(onFatal).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries a GET after a network drop and resumes from the last id', async () => {
    const sent: Record<string, string>[] = [];
    let pulls = 0;
    fetchMock()
      .mockImplementationOnce((_url, init) => {
        sent.push({ ...(init?.headers as Record<string, string>) });
        return Promise.resolve(
          new Response(
            // One event, then the connection drops.
            new ReadableStream({
              pull(c) {
                if (pulls++ === 0) c.enqueue(new TextEncoder().encode('id: 7\ndata: a\n\n'));
                else c.error(new TypeError('network error'));
              },
            }),
            { headers: { 'content-type': 'text/event-stream' } },
          ),
        );
      })
      .mockImplementationOnce((_url, init) => {
        sent.push({ ...(init?.headers as Record<string, string>) });
        return Promise.resolve(streamResponse('id: 8\ndata: b\n\n'));
      });
    const onFatal = vi.fn();
    const messages: string[] = [];
    await openStream('/s', { onMessage: (m) => messages.push(m.data), onFatal }).done;
    expect(onFatal).not.toHaveBeenCalled();
    expect(messages).toEqual(['a', 'b']);
    expect(sent[1]?.['last-event-id']).toBe('7');
  });

  it('a business answer (the JSON envelope instead of a stream) is final, with its message', async () => {
    const fetch = fetchMock().mockResolvedValue(envelopeResponse(542, '团队已过期，只能查看，不能修改'));
    const onFatal = vi.fn();
    await openStream('/s', { onMessage: () => {}, onFatal }).done;
    expect(fetch).toHaveBeenCalledTimes(1);
    const error: unknown = onFatal.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 542, msg: '团队已过期，只能查看，不能修改' });
  });

  it('an expired session (code 401 in the envelope) clears the user and goes to /login', async () => {
    writeStoredUser(user());
    const navigate = vi.fn();
    setNavigator(navigate);
    fetchMock().mockResolvedValue(envelopeResponse(401, '登录已过期，请重新登录'));
    const onFatal = vi.fn();
    await openStream('/s', { onMessage: () => {}, onFatal }).done;
    expect(readStoredUser()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(onFatal).toHaveBeenCalledTimes(1);
  });

  describe('POST (an action answered by a stream)', () => {
    it('sends the JSON body with the same headers and credentials', async () => {
      writeStoredUser(user({ token: 'post-token' }));
      const fetch = fetchMock().mockResolvedValue(
        streamResponse(
          'id: 1\ndata: {"type":"text-delta","text":"你好"}\n\nid: 2\ndata: {"type":"done"}\n\n',
        ),
      );
      const messages: string[] = [];
      await openStream('/ai/assist', {
        body: { action: 'continue', text: '正文' },
        onMessage: (m) => messages.push(m.data),
      }).done;

      const [url, init] = fetch.mock.calls[0] ?? [];
      expect(url).toBe(`${API_BASE}/ai/assist`);
      expect(init?.method).toBe('POST');
      expect(init?.credentials).toBe('include');
      expect(JSON.parse(String(init?.body))).toEqual({ action: 'continue', text: '正文' });
      const headers = init?.headers as Record<string, string>;
      expect(headers[TOKEN_HEADER]).toBe('post-token');
      expect(headers[SOURCE_HEADER]).toBe('pc');
      expect(headers['content-type']).toBe('application/json');
      expect(messages).toEqual(['{"type":"text-delta","text":"你好"}', '{"type":"done"}']);
    });

    it('does not resend the action after a network drop: it fails once, for the caller to show', async () => {
      const drop = new TypeError('Failed to fetch');
      const fetch = fetchMock().mockRejectedValue(drop);
      const onFatal = vi.fn();
      await openStream('/ai/assist', { body: { a: 1 }, onMessage: () => {}, onFatal }).done;
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(onFatal).toHaveBeenCalledWith(drop);
    });

    it('a server error is final too, with the envelope message', async () => {
      const fetch = fetchMock().mockResolvedValue(envelopeResponse(500, '服务器错误', 500));
      const onFatal = vi.fn();
      await openStream('/ai/assist', { body: {}, onMessage: () => {}, onFatal }).done;
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(onFatal.mock.calls[0]?.[0]).toMatchObject({ code: 500, msg: '服务器错误' });
    });
  });
});
