/**
 * The public pages' HTML. A visitor (no member cookie) gets the page rendered by the server: its
 * content, styles and share card in the first response, readable before any script runs. Someone
 * logged in gets the app (the built index.html) with the same head, and the app asks the API with
 * their session. 404/410 when there is nothing public to show (to a member, whose team may see more
 * than the public, the app answers 200 and shows what it finds). A certificate's page is the app,
 * 404 for an unknown code. /login is one of them: a visitor's
 * first screen when they buy, so it is as light. Also /sitemap.xml, and /robots.txt
 * pointing at it. These count against the page limit, not the API's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { WebPaths } from '@studio/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { publicOrigin } from '../../platform/public-origin.ts';
import { headTags, withHead } from './page-head.ts';
import {
  certificateHead,
  courseView,
  memberHead,
  memberStatus,
  loginBody,
  loginHead,
  shareView,
  sitemapXml,
  storeListBody,
  storeListHead,
  type PublicView,
} from './public-pages.service.ts';
import { isMember, langCookie, visitorLang } from './visitor-lang.ts';
import { loadVisitorRenderer } from './visitor-renderer.ts';

const noApiDocs = { schema: { hide: true } } as const;

/** The page's address without `lang` (what 登录 and the language links come back to). */
const ownUrl = (request: FastifyRequest): { url: string; search: URLSearchParams } => {
  const [pathname = '/', query = ''] = request.url.split('?');
  const search = new URLSearchParams(query);
  const kept = new URLSearchParams(search);
  kept.delete('lang');
  const rest = kept.toString();
  return { url: rest ? `${pathname}?${rest}` : pathname, search };
};

export async function registerPublicPages(
  app: FastifyInstance,
  ctx: AppContext,
  webDist: string,
): Promise<void> {
  // The build does not change while the server runs.
  const appTemplate = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const visitor = await loadVisitorRenderer(webDist);
  // The pages are rendered per request, so they cannot be compressed at build time like the assets.
  // Uncompressed, the store list (18 KB with its inline styles) took a second round trip on a slow
  // phone; at brotli 5 it is 5 KB, for well under a millisecond of CPU. Only these pages use it
  // (`global: false`): the API's JSON and its event streams stay as they are.
  await app.register(fastifyCompress, {
    global: false,
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });

  /** `body` is read for a visitor only: the app needs none (a member skips the store list query). */
  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    head: PublicView['head'],
    body: () => Promise<PublicView['body']> | PublicView['body'],
  ) => {
    const member = isMember(request);
    const tags = headTags(member ? memberHead(head) : head, publicOrigin(request, ctx.config));
    reply
      .status(member ? memberStatus(head) : head.status)
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8');
    if (!visitor || member) {
      reply.compress(withHead(appTemplate, tags));
      return reply;
    }
    const { url, search } = ownUrl(request);
    const { lang, chosen } = visitorLang(request, search);
    if (chosen) reply.header('set-cookie', langCookie(lang));
    reply.compress(withHead(await visitor.render({ ...(await body()), lang, url }), tags));
    return reply;
  };
  const sendView = (request: FastifyRequest, reply: FastifyReply, view: PublicView) =>
    send(request, reply, view.head, () => view.body);

  app.get<{ Params: { shareId: string } }>(WebPaths.share(':shareId'), noApiDocs, async (request, reply) =>
    sendView(request, reply, await shareView(ctx, request.params.shareId)),
  );
  app.get<{ Params: { courseId: string }; Querystring: { lesson?: string } }>(
    WebPaths.storePreview(':courseId'),
    noApiDocs,
    async (request, reply) =>
      sendView(
        request,
        reply,
        await courseView(ctx, request.params.courseId, 'storePreview', request.query.lesson),
      ),
  );
  app.get<{ Params: { courseId: string } }>(
    WebPaths.wxPreview(':courseId'),
    noApiDocs,
    async (request, reply) =>
      sendView(request, reply, await courseView(ctx, request.params.courseId, 'wxPreview')),
  );
  app.get(WebPaths.storeList, noApiDocs, async (request, reply) =>
    send(request, reply, storeListHead, () => storeListBody(ctx, ownUrl(request).search)),
  );
  app.get(WebPaths.login, noApiDocs, async (request, reply) =>
    send(request, reply, loginHead, () =>
      loginBody(ctx, ownUrl(request).search, publicOrigin(request, ctx.config)),
    ),
  );
  app.get<{ Params: { code: string } }>(WebPaths.certificate(':code'), noApiDocs, async (request, reply) => {
    // Everyone gets the app (the page has no visitor view); the status says whether the code exists.
    const head = await certificateHead(ctx, request.params.code);
    return reply
      .status(head.status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(withHead(appTemplate, headTags(head, publicOrigin(request, ctx.config))));
  });
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
