/**
 * A fake OpenAI-compatible provider on 127.0.0.1 for journeys that need a model (AI 创课 with a key,
 * AI 翻译): `POST …/v1/chat/completions` answers an outline as JSON, and streams a lesson or a
 * translation as chat-completion chunks. What it writes is the journey's (`lesson`, `translate`), so a
 * journey knows the text it should see. Bounded: a request body over 4 MB is refused, an answer is at
 * most 2,000 chunks, and `close` cuts any stream still open.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeLlmOptions = {
  /** A lesson's Markdown, from the lesson's title and the `<document>` text the app sent (may be ''). */
  lesson: (title: string, document: string) => string;
  /** One text's translation into `language` (a BCP-47 tag such as en-US). */
  translate: (text: string, language: string) => string;
  /** Wait between streamed chunks (the page sees the text arrive in parts). */
  chunkDelayMs?: number;
};

export type FakeLlmRequest = { kind: 'outline' | 'lesson' | 'translate'; prompt: string };

export type FakeLlm = {
  /** The base URL for AI_BASE_URL (the SDK appends `/chat/completions`). */
  baseUrl: string;
  requests: FakeLlmRequest[];
  close: () => Promise<void>;
};

const MAX_BODY = 4 * 1024 * 1024;
const MAX_CHUNKS = 2000;

type ChatBody = { stream?: boolean; messages?: { role: string; content: unknown }[] };

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((p) => (p as { text?: string }).text ?? '').join('')
      : '';

const chunk = (content: string | null, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'fake',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'fake',
    choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
  })}\n\n`;

/** The translation prompt's `{"id","text"}` lines answered one per line, in order. */
function translation(prompt: string, translate: FakeLlmOptions['translate']): string[] {
  const language = /\(([A-Za-z0-9-]+)\)\.\n<texts>/.exec(prompt)?.[1] ?? 'en-US';
  const body = /<texts>\n([\s\S]*)\n<\/texts>/.exec(prompt)?.[1] ?? '';
  return body
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const { id, text } = JSON.parse(line) as { id: string; text: string };
      return `${JSON.stringify({ id, text: translate(text, language) })}\n`;
    });
}

/** Text in parts of up to 12 characters (whole lines stay whole for the translation's line reader). */
const parts = (text: string): string[] => text.match(/[\s\S]{1,12}/g) ?? [];

export async function startFakeLlm(options: FakeLlmOptions): Promise<FakeLlm> {
  const requests: FakeLlmRequest[] = [];
  const open = new Set<http.ServerResponse>();
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) {
      raw += c;
      if (raw.length > MAX_BODY) return void res.writeHead(413).end();
    }
    let body: ChatBody;
    try {
      body = JSON.parse(raw) as ChatBody;
    } catch {
      return void res.writeHead(400).end();
    }
    const prompt = (body.messages ?? []).map((m) => textOf(m.content)).join('\n');
    if (!body.stream) {
      requests.push({ kind: 'outline', prompt });
      const n = Number(/恰好 (\d+) 节课/.exec(prompt)?.[1] ?? 1);
      const outline = {
        title: (/主题：(.+)/.exec(prompt)?.[1]?.trim() ?? '课程').slice(0, 60),
        subtitle: '',
        summary: '测试课程。',
        lessons: Array.from({ length: n }, (_, i) => ({ title: `第 ${i + 1} 课`, goal: '理解要点' })),
      };
      res.setHeader('content-type', 'application/json');
      return void res.end(
        JSON.stringify({
          id: 'fake',
          object: 'chat.completion',
          created: 1,
          model: 'fake',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: JSON.stringify(outline) },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    }
    const translating = prompt.includes('<texts>');
    requests.push({ kind: translating ? 'translate' : 'lesson', prompt });
    const answer = translating
      ? translation(prompt, options.translate)
      : parts(
          options.lesson(
            /第 \d+ 节：(.+)/.exec(prompt)?.[1]?.trim() ?? '',
            /<document>\n([\s\S]*)\n<\/document>/.exec(prompt)?.[1] ?? '',
          ),
        );
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    open.add(res);
    let closed = false;
    res.on('close', () => {
      closed = true;
      open.delete(res);
    });
    for (const part of answer.slice(0, MAX_CHUNKS)) {
      if (closed) return;
      res.write(chunk(part));
      if (options.chunkDelayMs) await new Promise((r) => setTimeout(r, options.chunkDelayMs));
    }
    res.write(chunk(null, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: async () => {
      for (const res of open) res.socket?.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
