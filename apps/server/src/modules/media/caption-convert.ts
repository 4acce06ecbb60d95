/**
 * An author's caption file (WebVTT or SRT) as the WebVTT the player loads: parsed strictly by
 * media-captions (Vidstack's parser: timestamps, headers, cue settings), cue times checked in order
 * (the parser drops a cue whose end is before its start without a word), cue text kept as plain text
 * (tags such as `<script>`, `<b>` or `<c.red>` removed, entities decoded, then escaped again for
 * WebVTT), and the limits (size, cue count) said with their own codes. Throws AppError, never 5xx.
 */
import { Code, CAPTION_LIMITS } from '@studio/contract';
import { parseText, type VTTCue } from 'media-captions';
import { AppError } from '../../platform/errors.ts';

export type CaptionFormat = 'vtt' | 'srt';
export type ConvertedCaptions = { vtt: string; cueCount: number };

/** `.srt` by its name, or a file that does not start as WebVTT does; else WebVTT. */
export function captionFormat(fileName: string, text: string): CaptionFormat {
  if (/\.srt$/i.test(fileName)) return 'srt';
  if (/\.vtt$/i.test(fileName)) return 'vtt';
  return /^\uFEFF?WEBVTT/.test(text) ? 'vtt' : 'srt';
}

const invalid = (line: number) => new AppError(Code.CAPTION_INVALID, { params: { line: Math.max(1, line) } });

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: ' ',
  lrm: '\u200e',
  rlm: '\u200f',
  quot: '"',
  apos: "'",
};

/** A cue's text as plain lines: no markup, entities decoded, no blank line (it would end the cue). */
export function plainCueText(raw: string): string {
  const text = raw
    .replace(/<[^>]*>?/g, '')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm|quot|apos);/g, (_m, name: string) => ENTITIES[name]!)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
  return text.slice(0, CAPTION_LIMITS.cueTextMax);
}

/** Plain text as WebVTT cue text: `&`, `<`, `>` escaped (so a `-->` in it cannot read as a timing). */
const vttText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** 3725.5 → 01:02:05.500 */
export function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** The first timing line whose end is not after its start (1-based), or 0. */
function backwardsTiming(text: string): number {
  const time = /(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})/;
  const secondsOf = (m: RegExpExecArray) =>
    Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]!.padEnd(3, '0')) / 1000;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const [left, right] = lines[i]!.split('-->');
    if (right === undefined) continue;
    const start = time.exec(left!);
    const end = time.exec(right);
    if (start && end && secondsOf(end) <= secondsOf(start)) return i + 1;
  }
  return 0;
}

export async function convertCaptions(fileName: string, text: string): Promise<ConvertedCaptions> {
  if (Buffer.byteLength(text, 'utf8') > CAPTION_LIMITS.maxBytes) {
    throw new AppError(Code.CAPTION_TOO_LARGE, {
      params: { maxKb: CAPTION_LIMITS.maxBytes / 1024 },
    });
  }
  const type = captionFormat(fileName, text);
  const source = text.replace(/^\uFEFF/, '');
  let cues: VTTCue[];
  try {
    ({ cues } = await parseText(source, { type, strict: true }));
  } catch (error) {
    const line = (error as { line?: unknown }).line;
    throw invalid(typeof line === 'number' ? line : 1);
  }
  const backwards = backwardsTiming(source);
  if (backwards) throw invalid(backwards);
  if (cues.length > CAPTION_LIMITS.maxCues) {
    throw new AppError(Code.CAPTION_TOO_MANY_CUES, {
      params: { max: CAPTION_LIMITS.maxCues },
    });
  }
  const kept = cues
    .map((cue) => ({ start: cue.startTime, end: cue.endTime, text: plainCueText(cue.text) }))
    .filter((cue) => cue.text !== '');
  if (kept.length === 0) throw new AppError(Code.CAPTION_EMPTY);
  const body = kept.map((c) => `${vttTime(c.start)} --> ${vttTime(c.end)}\n${vttText(c.text)}`).join('\n\n');
  return { vtt: `WEBVTT\n\n${body}\n`, cueCount: kept.length };
}
