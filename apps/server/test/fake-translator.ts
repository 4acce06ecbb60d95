/**
 * The fake provider's "translation" for tests: every text the prompt sends (`{"id","text"}` lines in
 * <texts>) answered as `[xx] TEXT UPPERCASED`, so a test sees which texts went through and which not.
 */
import type { Behaviour } from './fake-llm.ts';

export const fakeTranslated = (text: string, language: string) => `[${language}] ${text.toUpperCase()}`;

/** The {id, text} lines a translation request carried. */
export function translationItems(body: string): { id: string; text: string }[] {
  const parsed = JSON.parse(body) as { messages: { role: string; content: string }[] };
  const prompt = parsed.messages.find((m) => m.role === 'user')?.content ?? '';
  const inside = /<texts>\n([\s\S]*)\n<\/texts>/.exec(prompt)?.[1] ?? '';
  return inside
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: string; text: string });
}

/** Answers a translation request line by line, streamed in a few chunks. */
export function translateAnswer(body: string, language: string): Behaviour {
  const lines = translationItems(body).map(
    (i) => `${JSON.stringify({ id: i.id, text: fakeTranslated(i.text, language) })}\n`,
  );
  return { kind: 'stream', chunks: lines.length ? lines : ['\n'] };
}
