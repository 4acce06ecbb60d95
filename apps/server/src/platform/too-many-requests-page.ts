/**
 * What a browser opening a page gets when its address is over the request limit: a readable page
 * (and a reload once the window has passed) instead of the JSON envelope API callers get.
 */
import { BRAND_COLOR, tooManyRequestsPageText } from '@studio/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, htmlPage } from './html-page.ts';

/** A page load (browser navigation) asks for HTML; API calls (axios, fetch, EventSource) do not. */
export const wantsHtml = (request: FastifyRequest): boolean =>
  (request.headers.accept ?? '').includes('text/html');

export function sendTooManyRequestsPage(reply: FastifyReply) {
  // @fastify/rate-limit has set Retry-After (seconds) before refusing.
  const retryAfter = Math.max(1, Number(reply.getHeader('retry-after')) || 60);
  const text = tooManyRequestsPageText(retryAfter * 1000);
  const body = `<h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.zh)}</p>
<p class="note" lang="en">${escapeHtml(text.en)}</p><p><a href="">${escapeHtml(text.reload)}</a></p>`;
  return reply
    .status(429)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('refresh', String(retryAfter))
    .send(htmlPage(text.title, BRAND_COLOR, body));
}
