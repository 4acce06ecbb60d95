/**
 * A fake OpenAI-compatible chat server on 127.0.0.1 for the AI benchmark: every answer takes a FIXED
 * delay per token (the first token too), so the time the app adds on top is all that varies.
 *
 * - The outline request (`generateObject`, not streamed) is answered after one token delay with a
 *   valid outline of exactly the lesson count the prompt asks for.
 * - A lesson request (`streamText`) streams a Markdown lesson of `lessonTokens` chunks, one chunk
 *   every `tokenDelayMs`.
 *
 * Each lesson request is recorded with the wall-clock time (Date.now(), the same clock the browser
 * reads) it arrived and at which its first and last content chunks were written.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeLlmOptions = { tokenDelayMs: number; lessonTokens: number };

export type LessonRecord = {
  topic: string;
  /** 0-based lesson index, read from the prompt ("第 N 节"). */
  idx: number;
  receivedAt: number;
  firstTokenAt: number | null;
  lastTokenAt: number | null;
};

export type FakeLlm = {
  /** The base URL the provider expects (`…/v1`, the SDK appends `/chat/completions`). */
  baseUrl: string;
  lessons: LessonRecord[];
  outlines: number;
  close: () => Promise<void>;
};

type ChatBody = { stream?: boolean; messages?: { role: string; content: unknown }[] };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const chunk = (content: string | null, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'bench',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'fake',
    choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
  })}\n\n`;

/** The lesson's chunks: a `## ` heading every 25 chunks, short words in between (valid lesson Markdown). */
export function lessonChunks(count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 25 === 0) out.push(`${i ? '\n\n' : ''}## 第 ${i / 25 + 1} 部分\n`);
    else out.push(i % 5 === 0 ? '要点。' : '内容');
  }
  return out;
}

const outlineFor = (topic: string, n: number) => ({
  title: `${topic}课程`.slice(0, 60),
  subtitle: '基准测试',
  summary: `${n} 节课的基准测试课程。`,
  lessons: Array.from({ length: n }, (_, i) => ({ title: `第 ${i + 1} 课`, goal: '理解要点' })),
});

const promptOf = (body: ChatBody) =>
  (body.messages ?? []).map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));

export async function startFakeLlm(options: FakeLlmOptions): Promise<FakeLlm> {
  const lessons: LessonRecord[] = [];
  const open = new Set<http.ServerResponse>();
  let outlines = 0;
  const server = http.createServer({ noDelay: true }, async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    const receivedAt = Date.now();
    let body: ChatBody;
    try {
      body = JSON.parse(raw) as ChatBody;
    } catch {
      res.writeHead(400).end();
      return;
    }
    const prompt = promptOf(body).join('\n');
    const topic = /主题：(.+)/.exec(prompt)?.[1]?.trim() ?? '';
    open.add(res);
    let closed = false;
    res.on('close', () => {
      closed = true;
      open.delete(res);
    });

    if (!body.stream) {
      // The outline: JSON after one token delay.
      outlines++;
      const n = Number(/恰好 (\d+) 节课/.exec(prompt)?.[1] ?? 1);
      await sleep(options.tokenDelayMs);
      if (closed) return;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          id: 'bench',
          object: 'chat.completion',
          created: 1,
          model: 'fake',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: JSON.stringify(outlineFor(topic, n)) },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
      return;
    }

    const record: LessonRecord = {
      topic,
      idx: Number(/第 (\d+) 节：/.exec(prompt)?.[1] ?? 0) - 1,
      receivedAt,
      firstTokenAt: null,
      lastTokenAt: null,
    };
    lessons.push(record);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.flushHeaders();
    for (const text of lessonChunks(options.lessonTokens)) {
      await sleep(options.tokenDelayMs);
      if (closed) return;
      res.write(chunk(text));
      const now = Date.now();
      record.firstTokenAt ??= now;
      record.lastTokenAt = now;
    }
    res.write(chunk(null, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    lessons,
    get outlines() {
      return outlines;
    },
    close: async () => {
      for (const res of open) res.socket?.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
