/** Uploaded video and audio (modules/media): one row per upload, from its first byte to its HLS renditions. */
import { sql } from 'drizzle-orm';
import type { MediaKind, MediaRendition, MediaStatus } from '@studio/contract';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { teams } from './teams.ts';
import { ts } from './columns.ts';

export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    /** The tus upload's id (its file in the upload store), 32 hex characters. */
    uploadId: varchar('upload_id', { length: 32 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    status: varchar('status', { length: 12 }).$type<MediaStatus>().notNull().default('uploading'),
    kind: varchar('kind', { length: 8 }).$type<MediaKind>(),
    /** The declared length while uploading, then the stored size: what the team's quota counts. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** The ffprobe demuxer the file was recognised as: ffmpeg is told to read it as that and nothing else. */
    container: varchar('container', { length: 16 }),
    durationMs: integer('duration_ms'),
    width: integer('width'),
    height: integer('height'),
    hasAudio: smallint('has_audio'),
    renditions: jsonb('renditions').$type<MediaRendition[]>().notNull().default([]),
    /**
     * The rendition of `renditions` still being written (its playlist an HLS EVENT one that grows, no
     * #EXT-X-ENDLIST yet), or null: a retried transcoding makes it again rather than skipping it.
     */
    growing: varchar('growing', { length: 8 }).$type<MediaRendition>(),
    progress: smallint('progress').notNull().default(0),
    errorCode: integer('error_code'),
    /** The AES-128 key of its HLS segments, hex; only the key route hands it out (signed, policy-checked). */
    hlsKey: varchar('hls_key', { length: 32 }).notNull(),
    /**
     * Since when no lesson and no release of its team has referred to it (the sweep sets and clears
     * it); its files are freed once this is older than MEDIA_UNUSED_GRACE_HOURS.
     */
    unusedSince: ts('unused_since'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('media_upload_id_idx').on(t.uploadId), index('media_team_idx').on(t.teamId)],
);
export type MediaRow = typeof media.$inferSelect;

/**
 * A media's captions in one language (issue 47): the WebVTT made from the author's WebVTT or SRT
 * (cue text plain), served only through the media's signed playback addresses. Kept here, not in the
 * file storage: a file is at most CAPTION_LIMITS.maxBytes, and one row is all-or-nothing.
 */
export const mediaCaptions = pgTable(
  'media_captions',
  {
    id: serial('id').primaryKey(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    lang: varchar('lang', { length: 35 }).notNull(),
    label: varchar('label', { length: 40 }).notNull(),
    vtt: text('vtt').notNull(),
    cueCount: integer('cue_count').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('media_captions_media_lang_idx').on(t.mediaId, t.lang)],
);
export type MediaCaptionRow = typeof mediaCaptions.$inferSelect;

/**
 * Offered to assets (modules/media/README.md): the bytes each team's media hold against the one asset
 * quota. A failed upload holds nothing (its files are gone); one uploading holds its declared length.
 */
export const mediaHeldBytes = pgView('media_held_bytes', {
  id: integer('id').notNull(),
  teamId: integer('team_id').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
}).as(sql`select id, team_id, size_bytes from media where status <> 'failed'`);
