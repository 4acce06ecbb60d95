/**
 * The origin users reach this server at, for links handed back to them (invite and share links,
 * the WeChat simulator's and the sandbox payer's QR codes). PUBLIC_URL when set; otherwise the
 * request's own scheme and host, so a page opened at 127.0.0.1 or a LAN address gets links a phone
 * on that network can open. Fastify reads X-Forwarded-Proto/-Host only when TRUST_PROXY is on.
 * Links a third party calls back (a real provider's notify or redirect URL) stay on PUBLIC_URL.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

// A host name, IPv4 or [IPv6] address, with an optional port: nothing else goes into a link.
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function publicOrigin(
  request: FastifyRequest,
  config: Pick<Config, 'PUBLIC_URL' | 'publicUrl'>,
): string {
  if (config.PUBLIC_URL) return config.publicUrl;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  const host = request.host;
  return host && host.length <= 260 && HOST.test(host) ? `${protocol}://${host}` : config.publicUrl;
}
