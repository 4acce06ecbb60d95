/**
 * Serves the built web app: hashed assets cached forever, index.html never cached, and the SPA
 * fallback for client routes (`sendAppPage`). Only the iframe preview pages may be framed by other sites. The build
 * writes `.br` and `.gz` next to each text file; those are sent to browsers that accept them.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isWebPagePath } from '@studio/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The embeddable previews, exactly: a store course, a draft course, a draft lesson (one trailing `/` allowed). */
const FRAMEABLE = /^\/(?:store\/course\/\d+|create\/course\/\d+(?:\/lesson\/\d+)?)\/iframe\/preview\/?$/;

/**
 * Whether other sites may frame the page at `url` (a request URL: path and query). Decided on the
 * path alone, decoded segment by segment and normalised: the query and a fragment never count, and
 * a path that is not already in its normal form (an encoded `/` or `\`, an empty segment from `//`,
 * `.` or `..`, a bad escape) is not exactly a preview page, so it keeps `frame-ancestors 'self'`.
 * Case counts: `/IFRAME/preview` is not a preview page.
 */
export function isFrameablePath(url: string): boolean {
  const raw = url.split(/[?#]/, 1)[0]!;
  // Without an escape, decoding and normalising change nothing the pattern accepts (digits and fixed
  // words, no `.` or empty segment): every response asks this, and nearly every path has none.
  if (!raw.includes('%')) return FRAMEABLE.test(raw);
  let decoded: string;
  try {
    const segments = raw.split('/').map((segment) => decodeURIComponent(segment));
    if (segments.some((segment) => /[/\\]/.test(segment))) return false;
    decoded = segments.join('/');
  } catch {
    return false;
  }
  return path.posix.normalize(decoded) === decoded && FRAMEABLE.test(decoded);
}

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(path.join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

/**
 * The app for a path no route answered: 200 for a page of the app (`WebPaths`), else 404 with the
 * app's not-found page, kept out of search engines. A missing file (`/assets/…`) is a 404 too.
 */
export function sendAppPage(reply: FastifyReply, pathname: string): FastifyReply {
  const known = isWebPagePath(pathname);
  reply.status(known ? 200 : 404).header('cache-control', 'no-cache');
  if (!known) reply.header('x-robots-tag', 'noindex');
  return reply.sendFile('index.html');
}
