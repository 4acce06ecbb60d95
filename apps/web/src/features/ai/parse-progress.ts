/**
 * The document parse's progress answer (`?progress=1`): NDJSON lines `{"progress":{done,total,unit}}`
 * while the server reads, then the envelope as the last line. Read as it arrives (the request's
 * download progress) and once whole (the envelope, for the request client's usual rules).
 */
import type { DocumentParseProgress } from '@studio/contract';

const parse = (line: string): unknown => {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
};

/** The newest whole progress line of what has arrived so far (a line still arriving is not read). */
export function latestProgress(text: string): DocumentParseProgress | null {
  const lines = text.slice(0, text.lastIndexOf('\n') + 1).split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const value = parse(lines[i]!) as { progress?: DocumentParseProgress } | undefined;
    if (value?.progress) return value.progress;
  }
  return null;
}

/** The answer's envelope: its last line (a plain JSON answer, e.g. a 413 before the parse, is one line). */
export function finalEnvelope(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  const last = data.trimEnd().split('\n').at(-1) ?? '';
  return parse(last) ?? data;
}
