/**
 * A job's failures as the worker records them: a contract code and its params, never text, so the
 * web says them in the reader's language (zh or en). Stored in the rows' `error` text column as JSON.
 */
import { Code, CODE_TABLE, type AiError, type MessageParams } from '@studio/contract';

export const aiError = (code: number, params: MessageParams = {}): AiError => ({
  code,
  params: { ...params },
});

export const storedError = (error: AiError): string => JSON.stringify(error);

/** Chinese texts that rows written before the codes hold, by the code that now says them. */
const LEGACY_CODES = [
  Code.AI_OUTLINE_FAILED,
  Code.AI_OUTLINE_SERVICE_FAILED,
  Code.AI_LESSON_FAILED,
  Code.AI_LESSON_SERVICE_FAILED,
  Code.AI_LESSONS_PARTLY_FAILED,
  Code.AI_LESSON_CANCELLED,
];
const LEGACY_TOO_LARGE = /^生成的课时内容超过 (\d+) KB/;

/** A row's `error` as a code: JSON as stored, or (a row from before the codes) its Chinese text's code. */
export function readStoredError(text: string | null): AiError | null {
  if (text === null) return null;
  try {
    const parsed = JSON.parse(text) as Partial<AiError>;
    if (typeof parsed.code === 'number') return aiError(parsed.code, parsed.params ?? {});
  } catch {
    // Not JSON: an older row's text.
  }
  const legacy = Object.values(CODE_TABLE).find(
    (e) => e.zh === text && LEGACY_CODES.includes(e.code as never),
  );
  if (legacy) return aiError(legacy.code);
  const tooLarge = LEGACY_TOO_LARGE.exec(text);
  if (tooLarge) return aiError(Code.AI_LESSON_TOO_LARGE, { kb: Number(tooLarge[1]) });
  return aiError(Code.AI_LESSON_FAILED);
}
