import { describe, expect, it } from 'vitest';
import { finalEnvelope, latestProgress } from './progress-lines.ts';

const line = (v: unknown) => `${JSON.stringify(v)}\n`;

describe('the progress lines of an answer', () => {
  it('reads the newest whole progress line, not one still arriving', () => {
    const two =
      line({ progress: { done: 1, total: 3, unit: 'page' } }) +
      line({ progress: { done: 2, total: 3, unit: 'page' } });
    expect(latestProgress('')).toBeNull();
    expect(latestProgress(two)).toEqual({ done: 2, total: 3, unit: 'page' });
    expect(latestProgress(`${two}{"progress":{"done":3,`)).toEqual({ done: 2, total: 3, unit: 'page' });
  });

  it('answers the last line as the envelope, and a plain JSON answer as itself', () => {
    const envelope = { code: 200, msg: 'ok', data: { documentId: 1 } };
    expect(finalEnvelope(line({ progress: { done: 1, total: 1, unit: 'page' } }) + line(envelope))).toEqual(
      envelope,
    );
    expect(finalEnvelope(JSON.stringify({ code: 413, msg: 'too large', data: null }))).toEqual({
      code: 413,
      msg: 'too large',
      data: null,
    });
  });
});
