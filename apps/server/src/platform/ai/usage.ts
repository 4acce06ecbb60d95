/**
 * Tokens a provider call used, collected without changing the generator's interface: the caller runs a
 * generator method inside `metered`, and the OpenAI-compatible generator `reportUsage`s each call into
 * that run's meter (AsyncLocalStorage, so parallel lessons never mix their counts). The template
 * generator calls no provider and reports nothing: its runs use 0 tokens.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type TokenUsage = { inputTokens: number; outputTokens: number; estimated: boolean };

const meters = new AsyncLocalStorage<TokenUsage>();

export const noUsage = (): TokenUsage => ({ inputTokens: 0, outputTokens: 0, estimated: false });

export const usedAny = (u: TokenUsage): boolean => u.inputTokens + u.outputTokens > 0;

/** Runs `fn` with `usage` as its meter: every call inside adds to it, also when `fn` throws. */
export const metered = <T>(usage: TokenUsage, fn: () => Promise<T>): Promise<T> => meters.run(usage, fn);

/** Adds a call's tokens to the current run's meter (nothing outside `metered`). */
export function reportUsage(u: TokenUsage): void {
  const meter = meters.getStore();
  if (!meter) return;
  meter.inputTokens += Math.max(0, Math.round(u.inputTokens));
  meter.outputTokens += Math.max(0, Math.round(u.outputTokens));
  meter.estimated ||= u.estimated;
}

// Han, kana and Hangul are about a token each in today's tokenizers; other text about four characters.
const WIDE = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/gu;

/**
 * Tokens a text is likely to take: a count, not a tokenizer's (they differ by model), used for
 * estimates before a run and for calls whose provider reported no usage (rows flagged `estimated`).
 */
export function countTokens(text: string): number {
  const wide = text.match(WIDE)?.length ?? 0;
  return Math.ceil(wide + (text.length - wide) / 4);
}
