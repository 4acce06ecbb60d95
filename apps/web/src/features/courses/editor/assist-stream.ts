import { aiAssistEventSchema, Routes, type AiAssistAction } from '@studio/contract';
import { isApiError } from '../../../lib/api-error.ts';
import { aiErrorText, errorText } from '../../../lib/error-text.ts';
import { openStream } from '../../../lib/sse.ts';

export interface AssistRequest {
  action: AiAssistAction;
  text: string;
  language: 'zh-CN' | 'en-US';
}

/**
 * How a run ended, with all the text received. `failed` carries the failure's message (in the
 * interface language), or null when
 * the connection broke without one.
 */
export type AssistOutcome = { text: string } & (
  { kind: 'done' } | { kind: 'stopped' } | { kind: 'failed'; message: string | null }
);

const parse = (data: string) => {
  try {
    return aiAssistEventSchema.safeParse(JSON.parse(data)).data;
  } catch {
    return undefined;
  }
};

/** POST /ai/assist, followed to its end; `onText` gets the whole text so far after each piece. */
export const streamAssist = (
  request: AssistRequest,
  { onText, signal }: { onText: (text: string) => void; signal: AbortSignal },
): Promise<AssistOutcome> => {
  let text = '';
  let ended: { kind: 'done' } | { kind: 'failed'; message: string | null } | null = null;
  const stream = openStream(Routes.ai.assist, {
    body: request,
    signal,
    onMessage: (message) => {
      const event = parse(message.data);
      if (!event || ended) return;
      if (event.type === 'text-delta') {
        text += event.text;
        onText(text);
      } else {
        ended =
          event.type === 'done' ? { kind: 'done' } : { kind: 'failed', message: aiErrorText(event.error) };
        // The last event: no need to wait for the connection to close.
        stream.close();
      }
    },
    onFatal: (error) => {
      ended ??= {
        kind: 'failed',
        message: isApiError(error) ? errorText(error.code, error.msg, error.data) : null,
      };
    },
  });
  return stream.done.then(() => {
    if (ended?.kind === 'done') return { text, kind: 'done' };
    if (ended) return { text, ...ended };
    // The server ends every run with done or error: anything else was a stop or a broken connection.
    return signal.aborted ? { text, kind: 'stopped' } : { text, kind: 'failed', message: null };
  });
};
