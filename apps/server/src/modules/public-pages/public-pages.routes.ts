/**
 * The public pages' HTML: the built index.html with the page's own head (share card, canonical
 * address) and status (404/410 when there is nothing public to show), then the app runs as on any
 * page. Also /sitemap.xml, and /robots.txt pointing at it. These count against the page limit, not the API's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WebPaths } from '@studio/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { publicOrigin } from '../../platform/public-origin.ts';
import { headTags, withHead, type PageHead } from './page-head.ts';
import { courseHead, shareHead, sitemapXml, storeListHead } from './public-pages.service.ts';

const noApiDocs = { schema: { hide: true } } as const;

export function registerPublicPages(app: FastifyInstance, ctx: AppContext, webDist: string): void {
  // The build does not change while the server runs.
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const send = (request: FastifyRequest, reply: FastifyReply, head: PageHead) =>
    reply
      .status(head.status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(withHead(template, headTags(head, publicOrigin(request, ctx.config))));

  app.get<{ Params: { shareId: string } }>(WebPaths.share(':shareId'), noApiDocs, async (request, reply) =>
    send(request, reply, await shareHead(ctx, request.params.shareId)),
  );
  app.get<{ Params: { courseId: string } }>(
    WebPaths.storePreview(':courseId'),
    noApiDocs,
    async (request, reply) =>
      send(request, reply, await courseHead(ctx, request.params.courseId, 'storePreview')),
  );
  app.get<{ Params: { courseId: string } }>(
    WebPaths.wxPreview(':courseId'),
    noApiDocs,
    async (request, reply) =>
      send(request, reply, await courseHead(ctx, request.params.courseId, 'wxPreview')),
  );
  app.get(WebPaths.storeList, noApiDocs, async (request, reply) => send(request, reply, storeListHead));
  app.get('/sitemap.xml', noApiDocs, async (request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(await sitemapXml(ctx, publicOrigin(request, ctx.config))),
  );
  app.get('/robots.txt', noApiDocs, async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nDisallow: /api/\nSitemap: ${publicOrigin(request, ctx.config)}/sitemap.xml\n`),
  );
}
