/**
 * The two cookies the web app writes, both hints for the server, never credentials: whether someone
 * is logged in here (the server then answers with the app, not the visitor's page), and the interface
 * language (the visitor's pages are rendered in it, and the API's messages and CSV headers use it).
 */
import { LANG_COOKIE, MEMBER_COOKIE } from '@studio/contract/constants';

const ATTRIBUTES = '; path=/; samesite=lax';
const YEAR_S = 365 * 24 * 3600;

const write = (name: string, value: string, maxAge: number) => {
  document.cookie = `${name}=${value}${ATTRIBUTES}; max-age=${maxAge}`;
};

export const hasMemberCookie = (): boolean =>
  document.cookie.split(/;\s*/).some((c) => c === `${MEMBER_COOKIE}=1`);

export const setMemberCookie = (loggedIn: boolean): void => write(MEMBER_COOKIE, '1', loggedIn ? YEAR_S : 0);

export const setLangCookie = (lang: string): void => write(LANG_COOKIE, encodeURIComponent(lang), YEAR_S);

export const hasLangCookie = (lang: string): boolean =>
  document.cookie.split(/;\s*/).some((c) => c === `${LANG_COOKIE}=${encodeURIComponent(lang)}`);
