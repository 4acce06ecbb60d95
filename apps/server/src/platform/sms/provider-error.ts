/**
 * What the SMS adapters read from whatever an SDK throws: its code, message and request id, nothing
 * more. A failed connection's message names the request's URL, whose query holds the phone and the
 * code (Aliyun's SDK): the query is cut before the message is logged.
 */
export function sdkErrorParts(error: unknown): { code: string; message: string; requestId?: string } {
  const e = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
  const message = (text(e.message) ?? String(error)).replace(/\?\S*/g, '?…').slice(0, 500);
  return {
    // An error the provider did not answer (refused connection, timeout) has no provider code.
    code: text(e.code) ?? /\b(E[A-Z]{3,})\b/.exec(message)?.[1] ?? 'NETWORK',
    message,
    requestId: text(e.requestId),
  };
}
