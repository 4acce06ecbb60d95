/**
 * The origin users reach this server at, for links handed back to them (invite and share links,
 * `og:url`, `og:image`, canonical links, the sitemap, the WeChat simulator's and the sandbox payer's
 * QR codes). PUBLIC_URL when set. Otherwise the request's own scheme and host, so a page opened at
 * 127.0.0.1 or a LAN address gets links a phone on that network can open — but only a host this
 * server is known by: a forged `Host` (or, with TRUST_PROXY, `X-Forwarded-Host`) would otherwise put
 * another site's address into a page that a shared cache may keep and serve to everyone. Believed:
 *   - localhost, 127.0.0.1 and [::1], on any port (a dev proxy may sit on another one);
 *   - the server's own addresses (its network interfaces' IPs, read again every 10 s, so a laptop
 *     that changes networks follows), on the port the request came in at;
 *   - the names in ALLOWED_HOSTS (`name` on any port, `name:port` on that one).
 * Anything else gets the default: http://localhost:PORT.
 * Links a third party calls back (a real provider's notify or redirect URL) stay on PUBLIC_URL.
 */
import os from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { AllowedHost, Config } from '../config.ts';

// A host name, IPv4 or [IPv6] address, with an optional port: nothing else goes into a link.
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A `Host` value split into its name (lower case, IPv6 in brackets) and port (null when absent). */
export function splitHost(host: string): { name: string; port: number | null } | null {
  if (host.length > 260 || !HOST.test(host)) return null;
  const m = /^(.*?)(?::(\d{1,5}))?$/.exec(host)!;
  const port = m[2] === undefined ? null : Number(m[2]);
  if (port !== null && port > 65535) return null;
  return { name: m[1]!.toLowerCase(), port };
}

type InterfaceReader = () => ReturnType<typeof os.networkInterfaces>;

/** The IPs of this machine's interfaces, as they appear in a `Host` (IPv6 in brackets). */
export function interfaceHosts(read: InterfaceReader = os.networkInterfaces): Set<string> {
  const hosts = new Set<string>();
  for (const list of Object.values(read())) {
    for (const a of list ?? []) {
      // A link-local IPv6 address needs its zone, which no Host carries.
      if (a.family === 'IPv6' && a.scopeid) continue;
      hosts.add(a.family === 'IPv6' ? `[${a.address.toLowerCase()}]` : a.address);
    }
  }
  return hosts;
}

let cached: { at: number; hosts: Set<string> } | null = null;
const ownHosts = (): Set<string> => {
  const now = Date.now();
  if (!cached || now - cached.at > 10_000) cached = { at: now, hosts: interfaceHosts() };
  return cached.hosts;
};

export type HostRules = {
  /** The port the request came in at (the listening port). */
  port: number;
  protocol: 'http' | 'https';
  allowed: AllowedHost[];
  interfaces: Set<string>;
};

/** Whether a `Host` names this server (see the file's comment). */
export function isKnownHost(host: string, rules: HostRules): boolean {
  const parsed = splitHost(host);
  if (!parsed) return false;
  const { name, port } = parsed;
  if (LOOPBACK.has(name)) return true;
  if (rules.allowed.some((a) => a.name === name && (a.port === null || a.port === port))) return true;
  const effectivePort = port ?? (rules.protocol === 'https' ? 443 : 80);
  return rules.interfaces.has(name) && effectivePort === rules.port;
}

export function publicOrigin(
  request: FastifyRequest,
  config: Pick<Config, 'PUBLIC_URL' | 'publicUrl' | 'PORT' | 'ALLOWED_HOSTS'>,
): string {
  if (config.PUBLIC_URL) return config.publicUrl;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  // Fastify reads X-Forwarded-Host/-Proto only with TRUST_PROXY; the same check applies to them.
  const host = request.host;
  const rules: HostRules = {
    port: request.socket?.localPort ?? config.PORT,
    protocol,
    allowed: config.ALLOWED_HOSTS,
    interfaces: ownHosts(),
  };
  return host && isKnownHost(host, rules) ? `${protocol}://${host.toLowerCase()}` : config.publicUrl;
}
