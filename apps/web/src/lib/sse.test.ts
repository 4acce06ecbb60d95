import { API_BASE, SOURCE_HEADER, TOKEN_HEADER } from '@studio/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '../test/fixtures.ts';
import { openStream, type StreamMessage } from './sse.ts';
import { writeStoredUser } from './storage.ts';

const streamResponse = (body: string, status = 200) =>
  new Response(new TextEncoder().encode(body), { status, headers: { 'content-type': 'text/event-stream' } });

const fetchMock = () => {
  const mock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', mock);
  return mock;
};

afterEach(() => vi.unstubAllGlobals());

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
});
