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

export const isFrameablePath = (url: string): boolean => /\/iframe\/preview\/?(\?|$)/.test(url);

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
