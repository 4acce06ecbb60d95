/** Video and audio in lessons: what an upload becomes, its transcoding state and its playback addresses. */
import { z } from 'zod';
import { idSchema, queryIdSchema } from './common.ts';
import { shareIdSchema } from './course.ts';

export const MEDIA_KINDS = ['video', 'audio'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
/** uploading → processing (probed, being transcoded; playable once one rendition is done) → ready | failed. */
export const MEDIA_STATUSES = ['uploading', 'processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];
/** HLS renditions, lowest first: 360p is made first so a lesson plays soon; `audio` for audio-only media. */
export const MEDIA_RENDITIONS = ['360p', '720p', '1080p', 'audio'] as const;
export type MediaRendition = (typeof MEDIA_RENDITIONS)[number];

/** The tus metadata a client sends with a new upload (base64 values, per the tus protocol). */
export const MEDIA_UPLOAD_METADATA = { filename: 'filename' } as const;

export const mediaSchema = z.object({
  mediaId: z.number().int(),
  /** The uploaded file's name, cleaned for display (never used as a path). */
  name: z.string(),
  status: z.enum(MEDIA_STATUSES),
  kind: z.enum(MEDIA_KINDS).nullable(),
  sizeBytes: z.number().int(),
  /** Transcoding progress over every rendition, 0–100. */
  progress: z.number().int().min(0).max(100),
  durationMs: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The renditions done so far: the media plays once this is not empty. */
  renditions: z.array(z.enum(MEDIA_RENDITIONS)),
  /** The business code of why transcoding failed (status `failed`). */
  errorCode: z.number().int().nullable(),
  createTime: z.number(),
});
export type Media = z.infer<typeof mediaSchema>;

export const mediaIdQuery = z.object({ mediaId: queryIdSchema });
/** The upload's id as the tus Location gives it (`…/media/upload/<uploadId>`). */
export const mediaUploadIdQuery = z.object({ uploadId: z.string().regex(/^[a-f0-9]{32}$/) });
export const mediaInfoQuery = z.union([mediaIdQuery, mediaUploadIdQuery]);

export const mediaUsageSchema = z.object({ usedBytes: z.number().int(), quotaBytes: z.number().int() });
export type MediaUsage = z.infer<typeof mediaUsageSchema>;

/**
 * Playing a media block: the media and where it stands in a course (`courseId` and `lessonId` of the
 * lesson holding the block; the seller's own team may leave them out to preview in the editor).
 * `shareId`: played on that share's page, which opens the free-preview lessons of its course.
 */
export const mediaPlayBody = z.object({
  mediaId: idSchema,
  courseId: idSchema.optional(),
  lessonId: idSchema.optional(),
  shareId: shareIdSchema.optional(),
});
export type MediaPlayBody = z.infer<typeof mediaPlayBody>;

/**
 * Captions (issue 47): per media, one WebVTT file per language, uploaded by the team as WebVTT or SRT
 * (converted on the server; cue text kept as plain text, any markup dropped). A 2-hour lecture's SRT
 * is about 150 KB and 2,000 cues: these limits leave room and refuse what no caption file needs.
 */
export const CAPTION_LIMITS = {
  /** Bytes of the uploaded file (UTF-8). */
  maxBytes: 512 * 1024,
  maxCues: 5_000,
  /** Languages per media. */
  perMedia: 10,
  labelMax: 40,
  /** Characters kept of one cue's text. */
  cueTextMax: 500,
} as const;
/** A BCP 47 tag as `<track srclang>` takes it: `zh-CN`, `en`, `ja`. */
export const captionLangSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2}$/, { error: '语言代码格式不对，例如 zh-CN、en' });

export const captionSchema = z.object({
  captionId: z.number().int(),
  mediaId: z.number().int(),
  lang: z.string(),
  label: z.string(),
  cueCount: z.number().int(),
  createTime: z.number(),
});
export type Caption = z.infer<typeof captionSchema>;
export const captionListSchema = z.object({ items: z.array(captionSchema) });
export type CaptionList = z.infer<typeof captionListSchema>;

/**
 * A caption file as text (the editor reads the file the author picks): its name says SRT or WebVTT
 * (`.srt`, else WebVTT). Uploading a language the media has already replaces it. The text's size is
 * checked by the server (CAPTION_TOO_LARGE) rather than here, so the author reads that message.
 */
export const captionUploadBody = z.object({
  mediaId: idSchema,
  lang: captionLangSchema,
  label: z.string().trim().min(1, { error: '请填写字幕名称' }).max(CAPTION_LIMITS.labelMax),
  fileName: z.string().trim().max(200),
  text: z.string().max(CAPTION_LIMITS.maxBytes * 4),
});
export type CaptionUploadBody = z.infer<typeof captionUploadBody>;
export const captionRemoveBody = z.object({ captionId: idSchema });

/** A caption the player may load: its signed address comes with the playback's (same rules). */
export const playCaptionSchema = z.object({
  captionId: z.number().int(),
  lang: z.string(),
  label: z.string(),
  url: z.string(),
});

export const mediaPlaySchema = z.object({
  mediaId: z.number().int(),
  kind: z.enum(MEDIA_KINDS),
  status: z.enum(MEDIA_STATUSES),
  progress: z.number().int(),
  durationMs: z.number().int().nullable(),
  /** The signed master playlist (HLS, AES-128): null until a rendition is done. */
  playlistUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  /** The media's captions (WebVTT), at signed addresses under the same token as the playlist. */
  captions: z.array(playCaptionSchema),
  /** When the addresses stop working (ms since 1970): ask again after. */
  expireTime: z.number(),
});
export type MediaPlay = z.infer<typeof mediaPlaySchema>;
