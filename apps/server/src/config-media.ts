/**
 * Uploads and where their bytes go: images, video and audio (ffmpeg, HLS, a CDN), lesson attachments
 * and S3; part of config.ts's schema.
 */
import { z } from 'zod';
import { bool, optionalUrl, type ConfigRules } from './config-common.ts';

const GIB = 1024 ** 3;

export const MEDIA_ENV = {
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(100 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  IMAGE_BASE: z.string().optional(),
  /** The largest video or audio upload (bytes); default 2 GiB. */
  MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(64 * GIB)
    .default(2 * GIB),
  /** Video and audio storage per team (bytes, originals counted); default 20 GiB. */
  MEDIA_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 50)
    .default(20 * GIB),
  /** The largest lesson attachment (PDF, slides, zip…; bytes); default 200 MB. It counts in MEDIA_QUOTA_BYTES. */
  ATTACHMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(4 * GIB)
    .default(200 * 1024 * 1024),
  /** Hours an unfinished attachment upload is kept before the asset sweep frees it. */
  ATTACHMENT_UPLOAD_EXPIRY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** How long a signed attachment download address works, in seconds. */
  ATTACHMENT_URL_TTL_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  /** The longest video or audio accepted, in seconds; default 4 hours. */
  MEDIA_MAX_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(4 * 3600),
  /** How long signed playlist and key addresses work, in seconds. */
  MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /**
   * Media transcoded at once by this process (when it runs jobs); 0: it queues transcoding for the
   * worker processes and runs none itself (docs/deploy.md).
   */
  MEDIA_TRANSCODE_CONCURRENCY: z.coerce.number().int().min(0).max(8).default(1),
  /**
   * Where transcoding runs (docs/deploy.md): `inline` this process serves HTTP and transcodes;
   * `off` it serves HTTP and only queues transcoding (a web process); `only` it opens no HTTP port
   * and runs the jobs (a worker process).
   */
  MEDIA_WORKER: z.enum(['inline', 'off', 'only']).default('inline'),
  /** Hours an unfinished upload is kept, and a media no lesson or release refers to any more. */
  MEDIA_UPLOAD_EXPIRY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  MEDIA_UNUSED_GRACE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24),
  /**
   * A CDN in front of this server (origin pull) for HLS segments: `https://cdn.example.com`.
   * Segments are then addressed there, signed per media and time window so viewers share the CDN's
   * copies; playlists and keys stay on this server.
   */
  MEDIA_CDN_BASE: z
    .url()
    .regex(/^https?:\/\/[^/?#]+\/?$/, { error: 'an origin only: https://host[:port]' })
    .optional(),
  /** A system ffmpeg / ffprobe instead of the builds in the npm packages @ffmpeg-installer/@ffprobe-installer. */
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  /** The process's search path, where a system ffmpeg / ffprobe is looked for before the npm builds. */
  PATH: z.string().default(''),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
};

type MediaEnv = z.infer<z.ZodObject<typeof MEDIA_ENV>> & { JOBS_ENABLED: boolean };

export const mediaRules: ConfigRules<MediaEnv> = (env, { need, issue }) => {
  need(Boolean(env.S3_BUCKET), ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'], 'S3_BUCKET is set');
  if (env.MEDIA_WORKER !== 'inline' && !env.JOBS_ENABLED)
    issue('MEDIA_WORKER', `${env.MEDIA_WORKER} needs JOBS_ENABLED (transcoding is a queued job)`);
  if (env.MEDIA_WORKER === 'only' && env.MEDIA_TRANSCODE_CONCURRENCY === 0)
    issue('MEDIA_TRANSCODE_CONCURRENCY', 'a media worker (MEDIA_WORKER=only) transcodes at least 1 at once');
};
