/** The "ready" line: where to open the app; with PUBLIC_URL unset, the LAN addresses too (for phones). */
import { networkInterfaces } from 'node:os';
import type { Config } from './config.ts';

type Interfaces = ReturnType<typeof networkInterfaces>;
type Listen = Pick<Config, 'HOST' | 'PORT'>;

const listensEverywhere = (config: Listen) => config.HOST === '0.0.0.0' || config.HOST === '::';

/** The addresses other machines can reach this server at (IPv4, not loopback, not link-local). */
export function lanUrls(config: Listen, interfaces: Interfaces = networkInterfaces()): string[] {
  if (!listensEverywhere(config)) return [];
  return Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((i) => i.family === 'IPv4' && !i.internal && !i.address.startsWith('169.254.'))
    .map((i) => `http://${i.address}:${config.PORT}`);
}

export function startBanner(config: Config, interfaces?: Interfaces): string {
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  const where = config.PUBLIC_URL
    ? [config.publicUrl]
    : listensEverywhere(config)
      ? [`http://localhost:${config.PORT}`, ...lanUrls(config, interfaces)]
      : [`http://${host}:${config.PORT}`];
  return `ready: open ${where.join(' or ')} (storage: ${config.storage}, SMS: ${config.SMS_PROVIDER}, WeChat: ${config.WECHAT_MODE})`;
}

/** Real WeChat login, WeChat Pay and Alipay call back to PUBLIC_URL, so they need it set to a public address. */
export function publicUrlWarning(config: Config): string | null {
  if (config.PUBLIC_URL) return null;
  const needs = [
    config.WECHAT_MODE === 'open' && 'WECHAT_MODE=open',
    ...config.PAY_PROVIDER.filter((p) => p !== 'sandbox').map((p) => `PAY_PROVIDER=${p}`),
  ].filter(Boolean);
  return needs.length
    ? `PUBLIC_URL is not set: ${needs.join(' and ')} will call back ${config.publicUrl}, which they cannot reach`
    : null;
}
