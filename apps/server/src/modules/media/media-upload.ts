/**
 * Resumable uploads over tus (`@tus/server`), mounted at `/api/media/upload` for a member of a team
 * (the session token header, as every API call). The upload is the team's from its first request:
 * its row is inserted at creation (checked against MEDIA_MAX_BYTES and the team's quota, which counts
 * what is still arriving), and HEAD / PATCH / DELETE of another team's upload answer 404. When the
 * last byte is stored, ffprobe decides what it is; anything refused is deleted with its row, so
 * nothing of it is left. GET (tus's download) is not routed: originals are never served.
 */
import type { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { API_BASE, Code, MEDIA_UPLOAD_METADATA, Routes } from '@studio/contract';
import { EVENTS, Server } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { can } from '../../platform/policy.ts';
import { insertWithinAssetQuota, refuse, serveTus, type TusRequest } from '../assets/index.ts';
import { mediaContext } from './media-context.ts';
import { mediaToolsFor } from './media-tools.ts';
import { probeMedia } from './media-probe.ts';
import { startTranscode } from './media-transcode.ts';
import { deleteMedia, findByUploadId, insertMedia, markProcessing } from './media.repo.ts';

/** The header naming the media an upload became (creation and completion answers). */
export const MEDIA_ID_HEADER = 'Media-Id';
const NAME_MAX = 120;
const MB = 1024 * 1024;

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;
/** A file name for display only: no control or direction characters, no folders, at most 120 characters. */
export function cleanFileName(raw: string | null | undefined): string {
  const last = (raw ?? '').replace(UNSAFE, '').split(/[/\\]/).pop()!.trim();
  const name = [...(last === '.' || last === '..' ? '' : last)].slice(0, NAME_MAX).join('');
  return name || '未命名文件';
}

function createTusServer(
  ctx: AppContext,
  log: FastifyBaseLogger,
  current: AsyncLocalStorage<TusRequest>,
): Server {
  const { originals, tools } = mediaContext(ctx);
  const { config, db } = ctx;
  const here = () => current.getStore()!;
  const tus = new Server({
    path: `${API_BASE}${Routes.media.upload}`,
    datastore: originals.datastore,
    relativeLocation: true,
    // A finished upload is the media's original (being transcoded): not deleted through tus.
    disableTerminationForFinishedUploads: true,
    namingFunction: () => randomBytes(16).toString('hex'),
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST') return;
      const row = await findByUploadId(db, uploadId);
      if (!row || row.teamId !== here().c.membership.team.id) throw refuse(404, Code.NOT_FOUND);
      if (req.method === 'PATCH' && row.status !== 'uploading') throw refuse(404, Code.NOT_FOUND);
    },
    async onUploadCreate(_req, upload) {
      const { c, res } = here();
      if (!can(c, 'media.upload')) throw refuse(403, Code.FORBIDDEN);
      // No ffmpeg on this server (media-tools.ts): said before any byte is sent, not after.
      if (!mediaToolsFor(config).tools) throw refuse(503, Code.MEDIA_TOOLS_MISSING);
      if (upload.sizeIsDeferred || upload.size === undefined) throw refuse(400, Code.MEDIA_LENGTH_REQUIRED);
      if (upload.size === 0) throw refuse(400, Code.MEDIA_EMPTY);
      if (upload.size > config.MEDIA_MAX_BYTES)
        throw refuse(413, Code.MEDIA_TOO_LARGE, { maxMb: Math.floor(config.MEDIA_MAX_BYTES / MB) });
      const name = cleanFileName(upload.metadata?.[MEDIA_UPLOAD_METADATA.filename]);
      const teamId = c.membership.team.id;
      const sizeBytes = upload.size;
      const created = await insertWithinAssetQuota(
        db,
        { teamId, bytes: sizeBytes, quotaBytes: config.MEDIA_QUOTA_BYTES },
        (tx) =>
          insertMedia(tx, {
            teamId,
            uploaderId: c.actor.user.id,
            uploadId: upload.id,
            name,
            sizeBytes,
            hlsKey: randomBytes(16).toString('hex'),
          }),
      );
      if ('usedBytes' in created)
        throw refuse(400, Code.MEDIA_QUOTA_EXCEEDED, {
          usedMb: Math.ceil(created.usedBytes / MB),
          quotaMb: Math.floor(config.MEDIA_QUOTA_BYTES / MB),
        });
      res.setHeader(MEDIA_ID_HEADER, String(created.value.id));
      // Only the cleaned name is kept with the upload.
      return { metadata: { [MEDIA_UPLOAD_METADATA.filename]: name } };
    },
    async onUploadFinish(_req, upload) {
      const row = await findByUploadId(db, upload.id);
      if (!row) throw refuse(404, Code.NOT_FOUND);
      const copy = await originals.localCopy(upload.id);
      const verdict = await probeMedia(tools.ffprobe, copy.path, config.MEDIA_MAX_SECONDS).finally(
        copy.release,
      );
      if (!verdict.ok) {
        await originals.remove(upload.id);
        await deleteMedia(db, row.id);
        throw refuse(400, verdict.code, verdict.params);
      }
      const m = verdict.media;
      await markProcessing(db, row.id, {
        kind: m.kind,
        container: m.container,
        durationMs: m.durationMs,
        width: m.width,
        height: m.height,
        hasAudio: m.hasAudio ? 1 : 0,
        sizeBytes: upload.size ?? row.sizeBytes,
      });
      await startTranscode(ctx, row.id, log);
      return { headers: { [MEDIA_ID_HEADER]: String(row.id) } };
    },
  });
  // A terminated (DELETE) upload gives its bytes back to the team.
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, uploadId) => {
    void findByUploadId(db, uploadId)
      .then((row) => (row ? deleteMedia(db, row.id) : undefined))
      .catch((err: unknown) => log.error({ err }, 'media upload termination'));
  });
  return tus;
}

export const mediaUploadRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serveTus(app, Routes.media.upload, (current) => createTusServer(ctx, app.log, current), 'media upload');
  };
