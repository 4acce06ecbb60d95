/** The per-IP request limits (RATE_LIMIT_PER_MINUTE for the API, PAGE_RATE_LIMIT_PER_MINUTE for pages), in one process. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-web-'));
  await fs.mkdir(path.join(web, 'assets'));
  await fs.writeFile(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  await fs.writeFile(path.join(web, 'assets/app-abc123.js'), 'export {};\n');
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5', PAGE_RATE_LIMIT_PER_MINUTE: '40', WEB_DIST: web });
});
afterAll(async () => {
  await t.close();
  await fs.rm(web, { recursive: true, force: true });
});

const get = (url: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: ip,
    headers: { 'x-request-tkToken': 'not-a-real-token', ...headers },
  });
const PAGE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('per-IP request limit', () => {
  it('refuses a flood of bad tokens with 429 before looking the token up', async () => {
    const statuses: number[] = [];
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await get('/api/user/info', '203.0.113.5');
      statuses.push(res.statusCode);
      codes.push((res.json() as { code: number }).code);
    }
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });

  it('counts each address on its own and leaves health checks alone', async () => {
    expect((await get('/api/user/info', '203.0.113.6')).json()).toMatchObject({ code: 401 });
    for (let i = 0; i < 8; i++) expect((await get('/api/health', '203.0.113.5')).statusCode).toBe(200);
  });

  it('does not count the web app’s files and HTML toward the API limit', async () => {
    const ip = '203.0.113.7';
    // Several cold page loads: the HTML of client routes and the hashed assets, far past the API limit.
    for (let i = 0; i < 10; i++) {
      expect((await get('/store/list', ip, PAGE)).statusCode).toBe(200);
      expect((await get('/assets/app-abc123.js', ip)).statusCode).toBe(200);
      // No such file and no page of the app: the app's not-found page, with 404.
      expect((await get('/favicon.ico', ip)).statusCode).toBe(404);
    }
    const api = [];
    for (let i = 0; i < 6; i++) api.push((await get('/api/user/info', ip)).statusCode);
    // The API allowance is whole after the pages; the limit itself still holds.
    expect(api).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('answers a page load over the page limit with a readable page, an API call with the envelope', async () => {
    const ip = '203.0.113.8';
    for (let i = 0; i < 40; i++) expect((await get('/assets/app-abc123.js', ip)).statusCode).toBe(200);
    const page = await get('/teamList', ip, PAGE);
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('请求过于频繁');
    expect(page.body).toMatch(/请 \d+ (秒|分钟)后刷新本页/);
    expect(page.body).not.toContain('"code"');
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);

    const apiIp = '203.0.113.9';
    for (let i = 0; i < 5; i++) await get('/api/user/info', apiIp);
    const call = await get('/api/user/info', apiIp, { accept: 'application/json, text/plain, */*' });
    expect(call.statusCode).toBe(429);
    expect(call.json()).toMatchObject({ code: 429, data: null });
    // A page under /api (the WeChat simulator a phone opens) is a page too.
    const opened = await get('/api/auth/wechat/simulator?state=x', apiIp, PAGE);
    expect(opened.statusCode).toBe(429);
    expect(opened.headers['content-type']).toMatch(/^text\/html/);
  });
});
