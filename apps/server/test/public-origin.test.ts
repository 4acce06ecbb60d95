/**
 * Links handed to users (invite, share, WeChat simulator QR, sandbox payment QR, and the public
 * pages' og:url, og:image, canonical, sitemap) follow the address the app was opened at when
 * PUBLIC_URL is unset — only when that address is this server's (localhost, its own interfaces on its
 * port, ALLOWED_HOSTS) — and PUBLIC_URL when it is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InviteCreated, Order, PayInfo, Share, WechatQr } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../src/config.ts';
import { interfaceHosts, isKnownHost, type HostRules } from '../src/platform/public-origin.ts';
import { createCourse, createTeam, createUser } from './factories.ts';
import { buyer, seller } from './store-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

type Links = { invite: string; share: string; wechatQr: string; payQr: string };

/** Every user-facing link, all requested with the same extra headers (e.g. `Host`). */
async function linksFrom(t: TestApp, headers: Record<string, string>): Promise<Links> {
  const post = async <T>(url: string, token: string, body: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      payload: body,
      headers: { 'x-request-tkToken': token, ...headers },
    });
    const env = res.json() as { code: number; data: T };
    expect(env.code, url).toBe(200);
    return env.data;
  };
  const owner = await createUser(t);
  await createTeam(t, owner.token);
  const course = await createCourse(t, owner.token);
  const invite = await post<InviteCreated>('/team/invite/create', owner.token, {
    role: 'MEMBER',
    expireHours: 24,
  });
  const share = await post<Share>('/share/create', owner.token, {
    courseId: course.courseId,
    allowCopy: false,
  });
  const qr = await t.app.inject({ method: 'GET', url: '/api/auth/wechat/qr', headers });
  const s = await seller(t, '链接测试课程', 990);
  const b = await buyer(t);
  await post('/cart/add', b.user.token, { courseId: s.courseId });
  const order = await post<Order>('/order/checkout', b.user.token);
  const pay = await post<PayInfo>('/order/pay', b.user.token, { orderId: order.orderId });
  return {
    invite: invite.url,
    share: share.url,
    wechatQr: (qr.json() as { data: WechatQr }).data.qrUrl,
    payQr: pay.qrUrl,
  };
}

const expectOrigin = (links: Links, origin: string) => {
  for (const url of Object.values(links)) expect(new URL(url).origin).toBe(origin);
};

/** A built web app (its index.html), so the server answers the public pages. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'public-origin-'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="zh-CN"><head><title>课程工作室</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
const app = (env: Record<string, string> = {}) => createTestApp({ WEB_DIST: dist, ...env });

/** This machine's first LAN address (IPv4), as a phone on its network would type it. */
const LAN = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

/** The absolute URLs of the public pages a visitor (or a crawler, or a shared cache) gets. */
async function pageUrls(t: TestApp, host: string, extra: Record<string, string> = {}): Promise<string[]> {
  const headers = { host, ...extra };
  const urls: string[] = [];
  for (const url of ['/store/list', '/login', '/sitemap.xml', '/robots.txt']) {
    const res = await t.app.inject({ method: 'GET', url, headers });
    urls.push(...[...res.body.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]));
  }
  // Only the app's own links: the page may quote others (the XML namespace of a sitemap).
  return urls.filter((u) => !u.includes('sitemaps.org') && !u.includes('w3.org'));
}
const expectPagesAt = async (t: TestApp, host: string, origin: string, extra?: Record<string, string>) => {
  const urls = await pageUrls(t, host, extra);
  expect(urls.length, host).toBeGreaterThan(2);
  for (const url of urls) expect(new URL(url).origin, `${host}: ${url}`).toBe(origin);
};

describe('which Host names this server', () => {
  const rules = (over: Partial<HostRules> = {}): HostRules => ({
    port: 3000,
    protocol: 'http',
    allowed: [],
    interfaces: new Set(['192.168.1.5', '[fd00::2]']),
    ...over,
  });
  it('localhost on any port, its own addresses on its port, ALLOWED_HOSTS; nothing else', () => {
    for (const host of ['localhost', 'localhost:5173', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST:3000'])
      expect(isKnownHost(host, rules()), host).toBe(true);
    expect(isKnownHost('192.168.1.5:3000', rules())).toBe(true);
    expect(isKnownHost('[fd00::2]:3000', rules())).toBe(true);
    // Another port of its own address is another server (or a forged Host).
    expect(isKnownHost('192.168.1.5:8080', rules())).toBe(false);
    expect(isKnownHost('192.168.1.5', rules())).toBe(false);
    expect(isKnownHost('192.168.1.5', rules({ port: 80 }))).toBe(true);
    expect(isKnownHost('192.168.1.5', rules({ port: 443, protocol: 'https' }))).toBe(true);
    for (const host of [
      'evil.example',
      'evil.example:3000',
      '192.168.1.6:3000',
      '10.0.0.1:3000',
      'a b/c',
      '',
    ])
      expect(isKnownHost(host, rules()), host).toBe(false);
    const allowed = rules({
      allowed: [
        { name: 'studio.lan', port: null },
        { name: 'shop.example', port: 8443 },
      ],
    });
    expect(isKnownHost('studio.lan', allowed)).toBe(true);
    expect(isKnownHost('Studio.LAN:9000', allowed)).toBe(true);
    expect(isKnownHost('shop.example:8443', allowed)).toBe(true);
    expect(isKnownHost('shop.example', allowed)).toBe(false);
    expect(isKnownHost('shop.example:9000', allowed)).toBe(false);
    expect(isKnownHost('evil.studio.lan', allowed)).toBe(false);
  });

  it("reads the machine's addresses, leaving out link-local IPv6 (no zone in a Host)", () => {
    const hosts = interfaceHosts(() => ({
      lo: [
        { address: '127.0.0.1', netmask: '', family: 'IPv4', mac: '', internal: true, cidr: null },
        { address: '::1', netmask: '', family: 'IPv6', mac: '', internal: true, cidr: null, scopeid: 0 },
      ],
      eth0: [
        { address: '192.168.1.5', netmask: '', family: 'IPv4', mac: '', internal: false, cidr: null },
        { address: 'FD00::2', netmask: '', family: 'IPv6', mac: '', internal: false, cidr: null, scopeid: 0 },
        { address: 'fe80::1', netmask: '', family: 'IPv6', mac: '', internal: false, cidr: null, scopeid: 4 },
      ],
    }));
    expect([...hosts].sort()).toEqual(['127.0.0.1', '192.168.1.5', '[::1]', '[fd00::2]']);
  });

  it('reads ALLOWED_HOSTS as a list, refusing what is not a host', () => {
    expect(loadConfig({ ALLOWED_HOSTS: 'studio.lan, Shop.Example:8443,[fd00::9]' }).ALLOWED_HOSTS).toEqual([
      { name: 'studio.lan', port: null },
      { name: 'shop.example', port: 8443 },
      { name: '[fd00::9]', port: null },
    ]);
    expect(loadConfig({}).ALLOWED_HOSTS).toEqual([]);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'https://studio.lan' })).toThrow(ConfigError);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'studio.lan:99999' })).toThrow(/ALLOWED_HOSTS/);
  });
});

describe('links without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app();
  });
  afterAll(() => t.close());

  it("use the server's own LAN address the app was opened at, so a phone on the LAN can open them", async () => {
    expect(LAN, 'this test needs a LAN address').toBeDefined();
    const links = await linksFrom(t, { host: `${LAN}:3000` });
    expectOrigin(links, `http://${LAN}:3000`);
    expect(links.invite.startsWith(`http://${LAN}:3000/selectTeam?invite=`)).toBe(true);
    expect(links.payQr.startsWith(`http://${LAN}:3000/api/pay/sandbox?`)).toBe(true);
    expectOrigin(await linksFrom(t, { host: '127.0.0.1:3000' }), 'http://127.0.0.1:3000');
    await expectPagesAt(t, `${LAN}:3000`, `http://${LAN}:3000`);
  });

  it('ignore X-Forwarded-* unless TRUST_PROXY is on', async () => {
    const links = await linksFrom(t, {
      host: `${LAN}:3000`,
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expectOrigin(links, `http://${LAN}:3000`);
  });

  it('fall back to the default address for a Host that is not a host name', async () => {
    const links = await linksFrom(t, { host: 'a b/c' });
    expectOrigin(links, 'http://localhost:3000');
  });

  it('never believe a forged Host: links and pages get the default address', async () => {
    for (const host of ['evil.example', 'evil.example:3000', '203.0.113.9:3000', `${LAN}:8080`]) {
      expectOrigin(await linksFrom(t, { host }), 'http://localhost:3000');
      await expectPagesAt(t, host, 'http://localhost:3000');
    }
  });
});

describe('links with ALLOWED_HOSTS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app({ ALLOWED_HOSTS: 'studio.lan,shop.example:8443' });
  });
  afterAll(() => t.close());

  it('believe the listed names (on their port when one is given)', async () => {
    expectOrigin(await linksFrom(t, { host: 'studio.lan' }), 'http://studio.lan');
    await expectPagesAt(t, 'shop.example:8443', 'http://shop.example:8443');
    await expectPagesAt(t, 'shop.example:9000', 'http://localhost:3000');
    await expectPagesAt(t, 'evil.example', 'http://localhost:3000');
  });
});

describe('links behind a trusted proxy without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app({ TRUST_PROXY: 'true', ALLOWED_HOSTS: 'studio.lan' });
  });
  afterAll(() => t.close());

  it('use the forwarded host and scheme when the host is allowed', async () => {
    const links = await linksFrom(t, {
      host: '10.0.0.2:3000',
      'x-forwarded-host': 'studio.lan',
      'x-forwarded-proto': 'https',
    });
    expectOrigin(links, 'https://studio.lan');
  });

  it('check X-Forwarded-Host the same way: a forged one gets the default address', async () => {
    const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    expectOrigin(await linksFrom(t, { host: 'studio.lan', ...forged }), 'http://localhost:3000');
    await expectPagesAt(t, 'studio.lan', 'http://localhost:3000', forged);
  });
});

describe('links with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app({ PUBLIC_URL: 'https://studio.example/' });
  });
  afterAll(() => t.close());

  it('always use PUBLIC_URL, whatever the request says', async () => {
    expectOrigin(await linksFrom(t, { host: '192.168.1.5:3000' }), 'https://studio.example');
  });
});
