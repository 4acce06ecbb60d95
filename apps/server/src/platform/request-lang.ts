/**
 * The language of the person behind a request: the web app's language cookie (`lang`, set when the
 * user picks a language; the visitor's pages read the same one), else Chinese. The browser's
 * Accept-Language is not asked: the product is Chinese first, and the app and the server must agree.
 */
import { LANG_COOKIE, UI_LANGS, type UiLang } from '@studio/contract';
import type { FastifyRequest } from 'fastify';

const isLang = (value: unknown): value is UiLang => UI_LANGS.some((l) => l === value);

export function requestLang(request: FastifyRequest): UiLang {
  for (const part of (request.headers.cookie ?? '').split(/;\s*/)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === LANG_COOKIE) {
      const value = part.slice(eq + 1).replace(/%2D/gi, '-');
      if (isLang(value)) return value;
    }
  }
  return 'zh-CN';
}
