/**
 * A fake OpenAI-compatible chat server on 127.0.0.1: answers JSON, streams chunks, stalls, drops the
 * connection or returns malformed JSON, one scripted behaviour per request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenAiCompatibleGenerator } from '../src/platform/ai/openai-generator.ts';

export type Behaviour =
  | { kind: 'json'; content: string }
  | { kind: 'stream'; chunks: string[]; delayMs?: number }
  | { kind: 'stall'; chunks: string[] }
  | { kind: 'drop'; chunks: string[] };

export type FakeLlm = {
  baseUrl: string;
  script: Behaviour[];
  requests: { stream: boolean; body: string }[];
  /**
   * Token counts sent with each answer: a JSON answer's `usage`, and a streamed one's last chunk when the
   * client asks for it (`stream_options.include_usage`). Null: streams send none (JSON answers 1 + 1).
   */
  usage: { prompt_tokens: number; completion_tokens: number } | null;
  /** Answers the requests the script does not cover (for tests whose request order varies). */
  respond: (request: { stream: boolean; body: string }) => Behaviour;
  /** Answers 400 to a request with `stream_options`, as some older OpenAI-compatible servers do. */
  rejectStreamOptions: boolean;
  close: () => Promise<void>;
};

const chunk = (content: string | null, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'fake', choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }] })}\n\n`;

const usageOf = (u: { prompt_tokens: number; completion_tokens: number }) => ({
  ...u,
  total_tokens: u.prompt_tokens + u.completion_tokens,
});

export async function startFakeLlm(): Promise<FakeLlm> {
  const script: Behaviour[] = [];
  const requests: FakeLlm['requests'] = [];
  const open = new Set<http.ServerResponse>();
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const c of req) body += c;
    const parsed = JSON.parse(body) as { stream?: boolean; stream_options?: { include_usage?: boolean } };
    requests.push({ stream: Boolean(parsed.stream), body });
    if (fake.rejectStreamOptions && parsed.stream_options) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            message: 'Unrecognized request argument supplied: stream_options',
            type: 'invalid_request_error',
          },
        }),
      );
      return;
    }
    const next = script.shift() ?? fake.respond({ stream: Boolean(parsed.stream), body });
    if (next.kind === 'json') {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          created: 1,
          model: 'fake',
          choices: [
            { index: 0, message: { role: 'assistant', content: next.content }, finish_reason: 'stop' },
          ],
          usage: usageOf(fake.usage ?? { prompt_tokens: 1, completion_tokens: 1 }),
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    open.add(res);
    res.on('close', () => open.delete(res));
    for (const c of next.chunks) {
      res.write(chunk(c));
      if (next.kind === 'stream' && next.delayMs) await new Promise((r) => setTimeout(r, next.delayMs));
    }
    if (next.kind === 'drop') return void res.socket?.destroy();
    if (next.kind === 'stall') return; // keeps the connection open and sends nothing more
    res.write(chunk(null, 'stop'));
    if (fake.usage && parsed.stream_options?.include_usage)
      res.write(
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'fake', choices: [], usage: usageOf(fake.usage) })}\n\n`,
      );
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const fake: FakeLlm = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    script,
    requests,
    usage: null,
    rejectStreamOptions: false,
    respond: () => ({ kind: 'json', content: '{}' }),
    close: async () => {
      for (const res of open) res.socket?.destroy();
      await new Promise((r) => server.close(r));
    },
  };
  return fake;
}

/**
 * The OpenAI-compatible generator aimed at a fake server (one attempt per outline). Its stall limit is
 * 30 s unless told: a test of stalls sets a short one, and a busy machine must not make a healthy
 * stream look stalled (a 400 ms limit failed streams under load).
 */
export const generatorFor = (
  llm: FakeLlm,
  over: { stallMs?: number; outlineAttempts?: number } = {},
): OpenAiCompatibleGenerator =>
  new OpenAiCompatibleGenerator({
    baseUrl: llm.baseUrl,
    apiKey: 'sk-test',
    model: 'fake-model',
    stallMs: over.stallMs ?? 30_000,
    outlineAttempts: over.outlineAttempts ?? 1,
  });
