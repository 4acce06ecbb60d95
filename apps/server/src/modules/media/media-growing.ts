/**
 * The first rendition while ffmpeg makes it: ffmpeg writes an HLS EVENT playlist in its work folder,
 * listing a segment only once it is closed (and encrypted with the media's key as it was written:
 * `-hls_key_info_file`). This publisher follows that playlist, stores each listed segment in the
 * storage (a local folder or S3), then a playlist listing only the stored ones, so a player follows
 * the media seconds after its upload instead of after its whole transcoding. Closed with ffmpeg's
 * final playlist as VOD (#EXT-X-ENDLIST): the same playlist and segments a whole transcoding stores.
 *
 * A retried transcoding (a crash, a failed write) makes the rendition again from the start, storing
 * the same segments over the ones stored (same key, same IV: the sequence number), and lists nothing
 * until it holds more than the stored playlist did, so a player following it never sees it shrink.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../platform/context.ts';

/** How often ffmpeg's playlist is read (ms): a segment is listed at most this long after it is closed. */
const POLL_MS = 250;
/** Segments listed before the media is playable: 8 s, so a player does not wait at its first one. */
export const PLAYABLE_SEGMENTS = 2;

const PLAYLIST = 'index.m3u8';
const SEGMENT = /^seg_\d{5}\.ts$/;

type Entry = { inf: string; name: string };

/** ffmpeg's playlist: its target duration and the segments it lists, in order. */
export function parsePlaylist(text: string): { target: string; entries: Entry[] } {
  // Whole lines only (the last is '' or cut short): a playlist read while rewritten is short, never wrong.
  const whole = text.split('\n').slice(0, -1);
  const entries: Entry[] = [];
  for (const [i, line] of whole.entries()) {
    const name = line.trim();
    const inf = whole[i - 1]?.trim();
    if (SEGMENT.test(name) && inf?.startsWith('#EXTINF:')) entries.push({ inf, name });
  }
  const target = /^#EXT-X-TARGETDURATION:(\d+)$/m.exec(text)?.[1] ?? '4';
  return { target, entries };
}

/**
 * The playlist players follow while it grows: EVENT (segments are only ever added), from its start
 * (EXT-X-START: a player would otherwise begin near the newest segment, as for a live stream).
 */
export function growingPlaylist(target: string, entries: readonly Entry[]): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-START:TIME-OFFSET=0',
    '#EXT-X-KEY:METHOD=AES-128,URI="key"',
    ...entries.flatMap((e) => [e.inf, e.name]),
    '',
  ].join('\n');
}

const M3U8 = 'application/vnd.apple.mpegurl';

export type GrowingOptions = {
  ctx: AppContext;
  /** The rendition's folder in the storage (`media/<team>/<media>/360p/`). */
  prefix: string;
  /** ffmpeg's output folder. */
  outDir: string;
  /** Called once enough segments are listed (PLAYABLE_SEGMENTS, or all of a shorter media). */
  onPlayable: () => Promise<void>;
};

export class GrowingRendition {
  private readonly o: GrowingOptions;
  private stored: Entry[] = [];
  /** Segments the stored playlist listed before this run (a retry): listed again only past them. */
  private before = 0;
  private playable = false;
  private following: Promise<void> | null = null;
  private done = false;
  /** The first failure to store: ends the following; the transcoding throws it (pg-boss retries). */
  failure: unknown = null;

  constructor(options: GrowingOptions) {
    this.o = options;
  }

  /** Reads what an earlier run stored, then follows ffmpeg's playlist until `close`. */
  async start(onFailure: () => void): Promise<void> {
    const earlier = await this.o.ctx.storage.get(`${this.o.prefix}${PLAYLIST}`);
    this.before = earlier ? parsePlaylist(earlier.body.toString('utf8')).entries.length : 0;
    this.following = (async () => {
      while (!this.done) {
        try {
          await this.publish(false);
        } catch (err) {
          this.failure = err;
          onFailure();
          return;
        }
        await sleep(POLL_MS);
      }
    })();
  }

  /** After ffmpeg ended well: the last segments, then its final playlist as VOD. */
  async close(): Promise<void> {
    await this.stop();
    if (this.failure) throw this.failure;
    await this.publish(true);
    const final = await fs.readFile(path.join(this.o.outDir, PLAYLIST), 'utf8');
    const vod = final.replace('#EXT-X-PLAYLIST-TYPE:EVENT', '#EXT-X-PLAYLIST-TYPE:VOD');
    await this.o.ctx.storage.put(`${this.o.prefix}${PLAYLIST}`, Buffer.from(vod), M3U8);
    if (!this.playable) await this.o.onPlayable();
  }

  /** Stops following (ffmpeg ended, well or not). */
  async stop(): Promise<void> {
    this.done = true;
    await this.following;
  }

  /** Stores each segment ffmpeg lists that is not stored yet, listing it as soon as it is. */
  private async publish(last: boolean): Promise<void> {
    const text = await fs.readFile(path.join(this.o.outDir, PLAYLIST), 'utf8').catch(() => '');
    const { target, entries } = parsePlaylist(text);
    for (const entry of entries.slice(this.stored.length)) {
      const body = await fs.readFile(path.join(this.o.outDir, entry.name));
      await this.o.ctx.storage.put(`${this.o.prefix}${entry.name}`, body, 'video/mp2t');
      this.stored.push(entry);
      if (this.stored.length <= this.before || last) continue;
      await this.o.ctx.storage.put(
        `${this.o.prefix}${PLAYLIST}`,
        Buffer.from(growingPlaylist(target, this.stored)),
        M3U8,
      );
      if (!this.playable && this.stored.length >= PLAYABLE_SEGMENTS) {
        this.playable = true;
        await this.o.onPlayable();
      }
    }
  }
}
