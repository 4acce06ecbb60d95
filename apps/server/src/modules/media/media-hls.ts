/**
 * What a signed playback address opens (`/api/media/hls/<token>/<file>`): the master playlist (made
 * from the renditions done so far), a rendition's playlist (its key URI and segment addresses
 * rewritten), the key (decided by the policy on every request, its yes cached until anything it read
 * changes), the encrypted segments (streamed from the storage on the token alone), the poster.
 */
import type { Readable } from 'node:stream';
import { Code, MEDIA_RENDITIONS, type MediaRendition } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { MediaRow } from '../../db/schema.ts';
import { CAPTION_FILE, captionFile } from './captions.service.ts';
import { playbackKey } from './media-access.ts';
import { videoCodec } from './media-codecs.ts';
import { hlsPrefix } from './media-context.ts';
import { findMedia } from './media.repo.ts';
import { segmentBase } from './media.service.ts';
import { readGrant, type PlayGrant } from './media-urls.ts';
import { renditionsFor } from './media-transcode.ts';

/** A body in memory, or a stored file streamed with its length. */
export type HlsFile = {
  body: Buffer | string | Readable;
  type: string;
  cache: string;
  cors?: boolean;
  length?: number;
};

const NO_STORE = 'no-store';
const RENDITION = `(${MEDIA_RENDITIONS.join('|')})`;
const FILE = new RegExp(`^(?:master\\.m3u8|key|poster\\.jpg|${RENDITION}/(index\\.m3u8|seg_\\d{5}\\.ts))$`);
const SEGMENT = /^seg_\d{5}\.ts$/;

const expired = () => new AppError(Code.MEDIA_LINK_EXPIRED, { status: 403 });
const missing = () => new AppError(Code.NOT_FOUND, { status: 404 });

function masterPlaylist(row: MediaRow): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  const audio = row.hasAudio ? 128 : 0;
  for (const r of renditionsFor(row)) {
    if (!row.renditions.includes(r.name)) continue;
    // Each rendition's own profile and level (media-codecs.ts): 1080p is not level 3.1.
    const codecs = [r.name === 'audio' ? null : videoCodec(r).codecs, audio ? 'mp4a.40.2' : null].filter(
      Boolean,
    );
    const bandwidth = Math.round((r.videoKbps + audio) * 1100);
    const resolution = r.name === 'audio' ? '' : `,RESOLUTION=${r.width}x${r.height}`;
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth}${resolution},CODECS="${codecs.join(',')}"`);
    lines.push(`${r.name}/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}

/** The stored playlist with the key at this playback's signed address and segments at their own. */
function variantPlaylist(stored: string, rendition: MediaRendition, segments: string): string {
  return stored
    .split('\n')
    .map((line) => {
      if (line.startsWith('#EXT-X-KEY:')) return line.replace(/URI="[^"]*"/, 'URI="../key"');
      return SEGMENT.test(line.trim()) ? `${segments}${rendition}/${line.trim()}` : line;
    })
    .join('\n');
}

async function stored(ctx: AppContext, row: MediaRow, file: string): Promise<Buffer> {
  const found = await ctx.storage.get(`${hlsPrefix(row.teamId, row.id)}${file}`);
  if (!found) throw missing();
  return found.body;
}

/**
 * A segment, on its signed address alone: the HMAC proves this server made the address for this
 * media of this team until that time, after the policy let its viewer open the playlist. The segment
 * is ciphertext (the key is the gate, decided every time); a failed or deleted media has no files
 * left, so the storage answers what the database row used to.
 */
async function segment(ctx: AppContext, grant: PlayGrant, file: string): Promise<HlsFile> {
  const opened = await ctx.storage.open(`${hlsPrefix(grant.mediaTeamId, grant.mediaId)}${file}`);
  if (!opened) throw missing();
  const { stream: body, sizeBytes: length } = opened;
  if (!ctx.config.MEDIA_CDN_BASE) return { body, length, type: 'video/mp2t', cache: 'private, max-age=3600' };
  // Through a CDN: any edge may keep it until its address ends; players on the site fetch it cross-origin.
  const left = Math.max(0, grant.expires - Math.floor(Date.now() / 1000));
  return { body, length, type: 'video/mp2t', cache: `public, max-age=${left}, immutable`, cors: true };
}

export async function hlsFile(ctx: AppContext, token: string, file: string): Promise<HlsFile> {
  const caption = CAPTION_FILE.exec(file);
  if (caption) {
    // Captions (captions.service.ts): on the playlist's grant, with the policy asked again.
    const grant = await readGrant(ctx, token);
    if (grant?.purpose !== 'p') throw expired();
    const body = await captionFile(ctx, grant, Number(caption[1]));
    return { body, type: 'text/vtt; charset=utf-8', cache: NO_STORE };
  }
  const m = FILE.exec(file);
  if (!m) throw missing();
  const grant: PlayGrant | null = await readGrant(ctx, token);
  const wanted = m[1] && m[2] && SEGMENT.test(m[2]) ? 's' : 'p';
  if (!grant || grant.purpose !== wanted) throw expired();
  if (wanted === 's') return segment(ctx, grant, file);
  if (file === 'key') {
    // The policy again: a refund, an unrelease or a removal from the team stops the next key.
    // Refused answers a real 404 (a player must never take an envelope for the key).
    const hlsKey = await playbackKey(ctx, grant);
    if (!hlsKey) throw missing();
    return { body: Buffer.from(hlsKey, 'hex'), type: 'application/octet-stream', cache: NO_STORE };
  }
  const row = await findMedia(ctx.db, grant.mediaId);
  if (!row || row.status === 'failed') throw missing();
  if (file === 'master.m3u8') {
    if (row.renditions.length === 0) throw missing();
    return { body: masterPlaylist(row), type: 'application/vnd.apple.mpegurl', cache: NO_STORE };
  }
  if (file === 'poster.jpg')
    return { body: await stored(ctx, row, file), type: 'image/jpeg', cache: 'private, max-age=300' };
  const rendition = m[1] as MediaRendition;
  if (!row.renditions.includes(rendition)) throw missing();
  const playlist = (await stored(ctx, row, file)).toString('utf8');
  return {
    body: variantPlaylist(playlist, rendition, await segmentBase(ctx, grant, row)),
    type: 'application/vnd.apple.mpegurl',
    cache: NO_STORE,
  };
}
