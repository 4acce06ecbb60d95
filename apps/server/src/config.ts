/**
 * Every environment variable the server reads, parsed once by zod. Nothing else reads process.env.
 * A bad value stops the start with a message naming the variable. Each area's variables and the
 * rules between them are in its own `config-<area>.ts`; this file puts them together.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AI_ENV, aiRules } from './config-ai.ts';
import { COLLAB_ENV } from './config-collab.ts';
import { configReport } from './config-common.ts';
import { DATABASE_ENV } from './config-database.ts';
import { MEDIA_ENV, mediaRules } from './config-media.ts';
import { PAYMENTS_ENV, paymentsRules } from './config-payments.ts';
import { SERVER_ENV } from './config-server.ts';
import { SMS_ENV, smsRules } from './config-sms.ts';
import { WECHAT_ENV, wechatRules } from './config-wechat.ts';

export type { AllowedHost } from './config-server.ts';
export { TENCENT_TEMPLATE_PARAMS, type TencentTemplateParam } from './config-sms.ts';
export { PAY_PROVIDERS, wechatPublicKeys, type PayProviderName } from './config-payments.ts';

export const envSchema = z
  .object({
    ...SERVER_ENV,
    ...DATABASE_ENV,
    ...COLLAB_ENV,
    ...MEDIA_ENV,
    ...SMS_ENV,
    ...WECHAT_ENV,
    ...AI_ENV,
    ...PAYMENTS_ENV,
  })
  .superRefine((env, ctx) => {
    const report = configReport(env, ctx);
    for (const rules of [smsRules, wechatRules, aiRules, paymentsRules, mediaRules]) rules(env, report);
  });

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
