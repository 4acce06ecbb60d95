/**
 * Every environment variable the server reads, parsed once by zod. Nothing else reads process.env.
 * A bad value stops the start with a message naming the variable.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { languageTagSchema } from '@studio/contract';
import { AI_COST_ENV } from './config-ai-cost.ts';
import { COLLAB_ENV } from './config-collab.ts';

/** What a Tencent SMS template's variables may be filled with, in the template's order. */
export const TENCENT_TEMPLATE_PARAMS = ['code', 'minutes'] as const;
export type TencentTemplateParam = (typeof TENCENT_TEMPLATE_PARAMS)[number];

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z.url().optional();

/** An ALLOWED_HOSTS entry: a host name or IP ([IPv6] in brackets), with a port or for any port. */
export type AllowedHost = { name: string; port: number | null };
const ALLOWED_HOST =
  /^((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\]))(?::(\d{1,5}))?$/i;
const allowedHosts = z
  .string()
  .default('')
  .transform((v, ctx): AllowedHost[] => {
    const list: AllowedHost[] = [];
    for (const entry of v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)) {
      const m = ALLOWED_HOST.exec(entry);
      const port = m?.[2] === undefined ? null : Number(m[2]);
      if (!m || (port !== null && (port < 1 || port > 65535))) {
        ctx.addIssue({
          code: 'custom',
          message: `"${entry}" is not a host name or IP, with an optional :port`,
        });
        return z.NEVER;
      }
      list.push({ name: m[1]!.toLowerCase(), port });
    }
    return list;
  });

const GIB = 1024 ** 3;

export const PAY_PROVIDERS = ['sandbox', 'wechat', 'alipay'] as const;
export type PayProviderName = (typeof PAY_PROVIDERS)[number];

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: optionalUrl,
    /**
     * Host names (and IPs) links may be made for when PUBLIC_URL is unset, comma-separated, each
     * `name` (any port) or `name:port`; besides localhost and the server's own addresses.
     */
    ALLOWED_HOSTS: allowedHosts,
    DATA_DIR: z.string().min(1).optional(),
    DATABASE_URL: optionalUrl,
    /** A read replica of DATABASE_URL for the store search's reads (docs/deploy.md). */
    SEARCH_DATABASE_URL: optionalUrl,
    /**
     * Connections of the app's main pool per process. Each write waits for its commit's WAL flush
     * while holding its connection, and PostgreSQL flushes the commits waiting at that moment together:
     * with more connections waiting, more commits share each flush (docs/deploy.md counts them). 10 by
     * default: 20 raised the database's own commit ceiling in the bench but no endpoint's rate on a
     * 2-core machine, and each process's share of `max_connections` matters once there are several.
     */
    DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(200).default(10),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
    /** The embedded cluster's shared_buffers in MB; unset, a quarter of the memory, 128 MB to 2 GB. */
    EMBEDDED_PG_SHARED_BUFFERS_MB: z.coerce.number().int().min(16).max(65536).optional(),
    /**
     * How far V8's old space may grow past what its last full collection left, in percent (0: V8's
     * own factor, up to 300% under fast allocation); platform/heap-growth.ts.
     */
    V8_HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(400).default(100),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool.default(false),
    SEED_DEMO: bool.default(true),
    JOBS_ENABLED: bool.default(true),
    /** Members are reminded of a learning task this many China days before its due day (0: on the day). */
    TASK_REMINDER_DAYS: z.coerce.number().int().min(0).max(30).default(1),
    WEB_DIST: z.string().optional(),
    TOKEN_TTL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 365)
      .default(24 * 7),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    PAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(6000),
    /** SMS codes one address may ask for in an hour (every phone together). */
    SMS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(30),
    REDIS_URL: optionalUrl,
    REDIS_KEY_PREFIX: z.string().min(1).max(40).default('studio:'),
    ...COLLAB_ENV,
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .max(100 * 1024 * 1024)
      .default(5 * 1024 * 1024),
    IMAGE_BASE: z.string().optional(),
    /** Who sends the codes: the log (`console`), a relay of one's own (`http`), Aliyun or Tencent Cloud. */
    SMS_PROVIDER: z.enum(['console', 'http', 'aliyun', 'tencent']).default('console'),
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
    SMS_HTTP_URL: optionalUrl,
    SMS_HTTP_TOKEN: z.string().optional(),
    /** Aliyun SMS (SendSms): a RAM user's AccessKey, an approved signature and template (`${code}`). */
    ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
    ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
    ALIYUN_SMS_SIGN_NAME: z.string().optional(),
    ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
    /** The template's variable the code fills. */
    ALIYUN_SMS_TEMPLATE_PARAM: z
      .string()
      .regex(/^\w{1,32}$/)
      .default('code'),
    ALIYUN_SMS_ENDPOINT: z.url().default('https://dysmsapi.aliyuncs.com'),
    /** An approved notice template (reminders members opted into by SMS) and its one variable. */
    ALIYUN_SMS_NOTICE_TEMPLATE_CODE: z.string().optional(),
    ALIYUN_SMS_NOTICE_TEMPLATE_PARAM: z
      .string()
      .regex(/^\w{1,32}$/)
      .default('content'),
    /** Tencent Cloud SMS (SendSms 2021-01-11): an API key, the SMS app, an approved signature and template. */
    TENCENT_SMS_SECRET_ID: z.string().optional(),
    TENCENT_SMS_SECRET_KEY: z.string().optional(),
    TENCENT_SMS_SDK_APP_ID: z.string().optional(),
    TENCENT_SMS_SIGN_NAME: z.string().optional(),
    TENCENT_SMS_TEMPLATE_ID: z.string().optional(),
    /** The template's variables in order, comma-separated: `code`, and `minutes` (the code's lifetime). */
    TENCENT_SMS_TEMPLATE_PARAMS: z
      .string()
      .default('code')
      .transform((v) => v.split(',').map((p) => p.trim()))
      .pipe(z.array(z.enum(TENCENT_TEMPLATE_PARAMS)).min(1).max(2)),
    /** An approved notice template whose one variable ({1}) the reminder's text fills. */
    TENCENT_SMS_NOTICE_TEMPLATE_ID: z.string().optional(),
    TENCENT_SMS_REGION: z.string().default('ap-guangzhou'),
    TENCENT_SMS_ENDPOINT: z.url().default('https://sms.tencentcloudapi.com'),
    WECHAT_MODE: z.enum(['simulator', 'open']).default('simulator'),
    WECHAT_APP_ID: z.string().optional(),
    WECHAT_APP_SECRET: z.string().optional(),
    WECHAT_OPEN_BASE_URL: z.url().default('https://open.weixin.qq.com'),
    WECHAT_API_BASE_URL: z.url().default('https://api.weixin.qq.com'),
    /** 公众号 网页授权 (login inside WeChat, the openid for WeChat Pay JSAPI): simulator, or `mp` (real). */
    WECHAT_MP_MODE: z.enum(['simulator', 'mp']).default('simulator'),
    WECHAT_MP_APP_ID: z.string().optional(),
    WECHAT_MP_APP_SECRET: z.string().optional(),
    AI_BASE_URL: optionalUrl,
    AI_API_KEY: z.string().optional(),
    AI_MODEL: z.string().optional(),
    AI_STALL_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    AI_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(3),
    ...AI_COST_ENV,
    /**
     * Languages a course may be translated into besides zh-CN and en-US: the provider's, comma-separated
     * BCP-47 tags ("ja-JP,fr-FR,zh-TW").
     */
    AI_TRANSLATE_LANGUAGES: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      )
      .pipe(z.array(languageTagSchema).max(50)),
    /**
     * The payment providers offered, comma-separated, the first the default: `sandbox` (alone), or
     * any of `wechat` and `alipay` (the buyer chooses on the pay page when there are several).
     */
    PAY_PROVIDER: z
      .string()
      .default('sandbox')
      .transform((v) => v.split(',').map((p) => p.trim()))
      .pipe(
        z
          .array(z.enum(PAY_PROVIDERS))
          .min(1)
          .refine((list) => new Set(list).size === list.length, { error: 'a provider is listed twice' })
          .refine((list) => !list.includes('sandbox') || list.length === 1, {
            error: 'sandbox cannot be combined with a real provider',
          }),
      ),
    WECHATPAY_BASE_URL: z.url().default('https://api.mch.weixin.qq.com'),
    WECHATPAY_APP_ID: z.string().optional(),
    WECHATPAY_MCH_ID: z.string().optional(),
    WECHATPAY_SERIAL_NO: z.string().optional(),
    WECHATPAY_PRIVATE_KEY: z.string().optional(),
    /** Replaced (it named no key id): WECHATPAY_PUBLIC_KEY + WECHATPAY_PUBLIC_KEY_ID, or platform certificates. */
    WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
    /**
     * 微信支付公钥 mode: the platform public key(s), PEM, and their ids (`PUB_KEY_ID_…`), comma-separated
     * in the same order; two while WeChat Pay replaces one.
     */
    WECHATPAY_PUBLIC_KEY: z.string().optional(),
    WECHATPAY_PUBLIC_KEY_ID: z
      .string()
      .optional()
      .transform((v) => (v ? v.split(',').map((id) => id.trim()) : [])),
    /**
     * Platform certificate mode (download /v3/certificates, refreshed every 12 h and when a serial is
     * unknown): on by default without WECHATPAY_PUBLIC_KEY; on beside it while switching between modes.
     */
    WECHATPAY_PLATFORM_CERTIFICATES: bool.optional(),
    WECHATPAY_API_V3_KEY: z.string().length(32, { error: 'must be 32 characters' }).optional(),
    /** Alipay (face-to-face QR, alipay.trade.precreate): the app's id, its RSA2 private key, Alipay's public key. */
    ALIPAY_APP_ID: z.string().optional(),
    ALIPAY_PRIVATE_KEY: z.string().optional(),
    ALIPAY_PUBLIC_KEY: z.string().optional(),
    ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
    /** Days after payment in which a buyer team may ask for a refund. */
    REFUND_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(7),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool.default(true),
  })
  .superRefine((env, ctx) => {
    const need = (cond: boolean, vars: (keyof typeof env)[], why: string) => {
      for (const v of vars) {
        if (cond && !env[v]) ctx.addIssue({ code: 'custom', path: [v], message: `required when ${why}` });
      }
    };
    need(env.SMS_PROVIDER === 'http', ['SMS_HTTP_URL'], 'SMS_PROVIDER=http');
    need(
      env.SMS_PROVIDER === 'aliyun',
      [
        'ALIYUN_SMS_ACCESS_KEY_ID',
        'ALIYUN_SMS_ACCESS_KEY_SECRET',
        'ALIYUN_SMS_SIGN_NAME',
        'ALIYUN_SMS_TEMPLATE_CODE',
      ],
      'SMS_PROVIDER=aliyun',
    );
    need(
      env.SMS_PROVIDER === 'tencent',
      [
        'TENCENT_SMS_SECRET_ID',
        'TENCENT_SMS_SECRET_KEY',
        'TENCENT_SMS_SDK_APP_ID',
        'TENCENT_SMS_SIGN_NAME',
        'TENCENT_SMS_TEMPLATE_ID',
      ],
      'SMS_PROVIDER=tencent',
    );
    need(env.WECHAT_MODE === 'open', ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'], 'WECHAT_MODE=open');
    need(env.WECHAT_MP_MODE === 'mp', ['WECHAT_MP_APP_ID', 'WECHAT_MP_APP_SECRET'], 'WECHAT_MP_MODE=mp');
    need(Boolean(env.AI_BASE_URL), ['AI_MODEL'], 'AI_BASE_URL is set');
    need(
      env.PAY_PROVIDER.includes('wechat'),
      [
        'WECHATPAY_APP_ID',
        'WECHATPAY_MCH_ID',
        'WECHATPAY_SERIAL_NO',
        'WECHATPAY_PRIVATE_KEY',
        'WECHATPAY_API_V3_KEY',
      ],
      'PAY_PROVIDER=wechat',
    );
    // JSAPI pays as the 公众号's openid, which belongs to the 公众号's appid: WeChat Pay must use that one.
    if (
      env.PAY_PROVIDER.includes('wechat') &&
      env.WECHAT_MP_MODE === 'mp' &&
      env.WECHATPAY_APP_ID &&
      env.WECHAT_MP_APP_ID &&
      env.WECHATPAY_APP_ID !== env.WECHAT_MP_APP_ID
    )
      ctx.addIssue({
        code: 'custom',
        path: ['WECHATPAY_APP_ID'],
        message:
          'must be WECHAT_MP_APP_ID when WECHAT_MP_MODE=mp (WeChat Pay JSAPI pays as the 公众号 openid, which belongs to that appid)',
      });
    if (env.WECHATPAY_PLATFORM_PUBLIC_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['WECHATPAY_PLATFORM_PUBLIC_KEY'],
        message:
          'replaced: set WECHATPAY_PUBLIC_KEY and WECHATPAY_PUBLIC_KEY_ID (微信支付公钥), or neither to download platform certificates',
      });
    const keys = wechatPublicKeys(env.WECHATPAY_PUBLIC_KEY ?? '');
    if (keys.length !== env.WECHATPAY_PUBLIC_KEY_ID.length)
      ctx.addIssue({
        code: 'custom',
        path: ['WECHATPAY_PUBLIC_KEY_ID'],
        message: `one id per key in WECHATPAY_PUBLIC_KEY (${keys.length} keys, ${env.WECHATPAY_PUBLIC_KEY_ID.length} ids)`,
      });
    if (env.WECHATPAY_PLATFORM_CERTIFICATES === false && keys.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['WECHATPAY_PLATFORM_CERTIFICATES'],
        message: 'WeChat Pay needs platform certificates or WECHATPAY_PUBLIC_KEY',
      });
    need(
      env.PAY_PROVIDER.includes('alipay'),
      ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'],
      'PAY_PROVIDER includes alipay',
    );
    need(Boolean(env.S3_BUCKET), ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'], 'S3_BUCKET is set');
    if (env.MEDIA_WORKER !== 'inline' && !env.JOBS_ENABLED)
      ctx.addIssue({
        code: 'custom',
        path: ['MEDIA_WORKER'],
        message: `${env.MEDIA_WORKER} needs JOBS_ENABLED (transcoding is a queued job)`,
      });
    if (env.MEDIA_WORKER === 'only' && env.MEDIA_TRANSCODE_CONCURRENCY === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['MEDIA_TRANSCODE_CONCURRENCY'],
        message: 'a media worker (MEDIA_WORKER=only) transcodes at least 1 at once',
      });
  });

/** The PEM public keys in WECHATPAY_PUBLIC_KEY, in order. */
export const wechatPublicKeys = (pem: string): string[] =>
  pem.match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g) ?? [];

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  dataDir: string;
  /** Set when the data folder is still where versions before ./data kept it (apps/server/data). */
  legacyDataDir: boolean;
  publicUrl: string;
  webDist: string;
  storage: 'local' | 's3';
};

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const { dataDir, legacyDataDir } = resolveDataDir(env.DATA_DIR, source.INIT_CWD);
  return {
    ...env,
    dataDir,
    legacyDataDir,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    webDist: path.resolve(env.WEB_DIST ?? path.join(REPO_ROOT, 'apps', 'web', 'dist')),
    storage: env.S3_BUCKET ? 's3' : 'local',
  };
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * DATA_DIR, or the repository's `./data`. A relative DATA_DIR is taken from where npm was run
 * (INIT_CWD), not from the workspace folder `npm start -w` switches to. A folder left by an older
 * version in apps/server/data keeps being used (and is reported at start) until it is moved.
 */
export function resolveDataDir(dataDir: string | undefined, initCwd: string | undefined, root = REPO_ROOT) {
  if (dataDir) return { dataDir: path.resolve(initCwd ?? process.cwd(), dataDir), legacyDataDir: false };
  const current = path.join(root, 'data');
  const legacy = path.join(root, 'apps', 'server', 'data');
  const useLegacy = !existsSync(current) && existsSync(path.join(legacy, 'pg'));
  return { dataDir: useLegacy ? legacy : current, legacyDataDir: useLegacy };
}
