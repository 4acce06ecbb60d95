/**
 * The language of a visitor's page: `?lang=` (the page's language links; remembered in the cookie),
 * else the app's language cookie, else Chinese, as the app itself starts (the browser's language is
 * not asked: the product is Chinese first, and the page and the app must agree).
 */
import { LANG_COOKIE, MEMBER_COOKIE, UI_LANGS, type UiLang } from '@studio/contract';
import type { FastifyRequest } from 'fastify';

const isLang = (value: unknown): value is UiLang => UI_LANGS.some((l) => l === value);

export const cookieOf = (request: FastifyRequest, name: string): string | undefined => {
  for (const part of (request.headers.cookie ?? '').split(/;\s*/)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
};

/** Someone is logged in in this browser (the web app's hint; the session itself is not a cookie). */
export const isMember = (request: FastifyRequest): boolean => cookieOf(request, MEMBER_COOKIE) === '1';

export type VisitorLang = { lang: UiLang; /** Chosen by `?lang=` on this request. */ chosen: boolean };

export function visitorLang(request: FastifyRequest, search: URLSearchParams): VisitorLang {
  const asked = search.get('lang');
  if (isLang(asked)) return { lang: asked, chosen: true };
  const stored = cookieOf(request, LANG_COOKIE);
  return { lang: isLang(stored) ? stored : 'zh-CN', chosen: false };
}

export const langCookie = (lang: UiLang): string =>
  `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
