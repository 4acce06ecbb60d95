/**
 * The few server-rendered pages (WeChat simulator, sandbox payer): plain HTML with no script, so they
 * work in any phone browser, and form posts parsed without a plugin.
 */
import type { FastifyInstance } from 'fastify';

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `head`: extra head tags (a `<meta http-equiv="refresh">` for a page that waits). */
export const htmlPage = (title: string, accent: string, body: string, head = ''): string => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${head}
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#222}
h1{font-size:20px}label{display:block;margin:14px 0 4px}input{width:100%;padding:8px;font-size:16px;box-sizing:border-box}
button{margin-top:20px;width:100%;padding:12px;font-size:16px;background:${accent};color:#fff;border:0;border-radius:6px}
p.note{color:#666;font-size:14px}</style></head><body>${body}</body></html>`;

/** Accepts `application/x-www-form-urlencoded` bodies in this plugin's routes, as a plain object. */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
