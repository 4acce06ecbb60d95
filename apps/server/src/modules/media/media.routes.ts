import { Routes, endpoints } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamCtxOf, viewerIdsOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { listCaptions, removeCaption, uploadCaption } from './captions.service.ts';
import { hlsFile } from './media-hls.ts';
import { mediaInfo, mediaUsage, playMedia } from './media.service.ts';
import { serve } from '../../platform/endpoint.ts';

export const mediaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.media.info, async (r) => mediaInfo(teamCtxOf(r), r.query.mediaId));
    serve(app, endpoints.media.usage, async (r) => mediaUsage(teamCtxOf(r)));
    serve(app, endpoints.media.play, async (r) => playMedia(ctx, await viewerIdsOf(ctx, r), r.body));
    serve(app, endpoints.media.captions, async (r) => listCaptions(teamCtxOf(r), r.query.mediaId));
    serve(app, endpoints.media.captionUpload, async (r) => uploadCaption(teamCtxOf(r), r.body));
    serve(app, endpoints.media.captionRemove, async (r) => removeCaption(teamCtxOf(r), r.body.captionId));
    app.get(
      // One wildcard (`<token>/<file>`): the token is a folder, so playlists name their parts relatively.
      `${Routes.media.hls}/*`,
      {
        config: { auth: 'public' },
        schema: {
          summary:
            'A signed playback file: <token>/master.m3u8, <rendition>/index.m3u8, key, segments, poster.jpg',
          params: z.object({ '*': z.string().max(200) }),
        },
      },
      async (r, reply) => {
        const [token = '', ...rest] = r.params['*'].split('/');
        const file = await hlsFile(ctx, token, rest.join('/'));
        if (file.cors) reply.header('access-control-allow-origin', '*');
        // A stored file is streamed: its length is known from the storage, not from the body.
        if (file.length !== undefined) reply.header('content-length', file.length);
        return reply.header('cache-control', file.cache).type(file.type).send(file.body);
      },
    );
  };
