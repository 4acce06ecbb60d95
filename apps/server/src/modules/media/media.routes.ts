import {
  envelope,
  mediaIdQuery,
  mediaPlayBody,
  mediaPlaySchema,
  mediaSchema,
  mediaUsageSchema,
  Routes,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamCtxOf, viewerIdsOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import { hlsFile } from './media-hls.ts';
import { mediaInfo, mediaUsage, playMedia } from './media.service.ts';

const team = { auth: 'team' } as const;

export const mediaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      Routes.media.info,
      {
        config: team,
        schema: {
          summary: "A media of the team: its upload and transcoding state (another team's answers 404)",
          querystring: mediaIdQuery,
          response: { 200: envelope(mediaSchema) },
        },
      },
      async (r) => ok(await mediaInfo(teamCtxOf(r), r.query.mediaId)),
    );
    app.get(
      Routes.media.usage,
      {
        config: team,
        schema: {
          summary: "The team's media storage: bytes used (uploads in progress included) and its quota",
          response: { 200: envelope(mediaUsageSchema) },
        },
      },
      async (r) => ok(await mediaUsage(teamCtxOf(r))),
    );
    app.post(
      Routes.media.play,
      {
        config: { auth: 'public' },
        schema: {
          summary:
            'Signed, short-lived HLS addresses of a media block in a lesson, for whoever may read the lesson (404 otherwise)',
          body: mediaPlayBody,
          response: { 200: envelope(mediaPlaySchema) },
        },
      },
      async (r) => ok(await playMedia(ctx, await viewerIdsOf(ctx, r), r.body)),
    );
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
