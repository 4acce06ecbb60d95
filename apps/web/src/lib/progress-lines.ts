/**
 * The answer of an endpoint that reports its progress, asked for it (`PROGRESS_LINES_TYPE`, NDJSON):
 * lines `{"progress": …}` while the server works, then the envelope as the last line. Read as it
 * arrives (the request's download progress) and once whole (the envelope, for the request client's
 * usual rules). An answer with no step before it is the envelope alone, one JSON value: read as itself.
 */

const parse = (line: string): unknown => {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
};

/** The newest whole progress line of what has arrived so far (a line still arriving is not read). */
export function latestProgress(text: string): unknown {
  const lines = text.slice(0, text.lastIndexOf('\n') + 1).split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const value = parse(lines[i]!) as { progress?: unknown } | undefined;
    if (value?.progress !== undefined) return value.progress;
  }
  return null;
}

/** The answer's envelope: its last line (a plain JSON answer, e.g. a 413 before the work, is one line). */
export function finalEnvelope(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  const last = data.trimEnd().split('\n').at(-1) ?? '';
  return parse(last) ?? data;
}
