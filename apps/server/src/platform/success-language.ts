/**
 * Success envelopes in the asker's language: `ok()` writes the code's Chinese message (the seed's
 * `msg`), and someone using the app in English (its language cookie) gets the contract's English for
 * it. Errors are worded by the error handler; this is the other half.
 */
import { successMessageIn } from '@studio/contract/messages-en';
import type { FastifyInstance } from 'fastify';
import { requestLang } from './request-lang.ts';

const isEnvelope = (payload: unknown): payload is { code: number; msg: string } =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as { code?: unknown }).code === 'number' &&
  typeof (payload as { msg?: unknown }).msg === 'string';

export function registerSuccessLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!isEnvelope(payload)) return payload;
    const msg = successMessageIn(requestLang(request), payload.code, payload.msg);
    return msg === payload.msg ? payload : { ...payload, msg };
  });
}
