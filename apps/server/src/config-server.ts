/** The process and its HTTP edge: addresses, logs, sessions, request limits, jobs; part of config.ts's schema. */
import { z } from 'zod';
import { bool, optionalUrl } from './config-common.ts';

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

export const SERVER_ENV = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  /**
   * Host names (and IPs) links may be made for when PUBLIC_URL is unset, comma-separated, each
   * `name` (any port) or `name:port`; besides localhost and the server's own addresses.
   */
  ALLOWED_HOSTS: allowedHosts,
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
};
