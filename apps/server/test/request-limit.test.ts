/** The per-IP request limit (RATE_LIMIT_PER_MINUTE), in one process. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
});
afterAll(() => t.close());

const get = (url: string, ip: string, token = 'not-a-real-token') =>
  t.app.inject({
    method: 'GET',
    url: `/api${url}`,
    remoteAddress: ip,
    headers: { 'x-request-tkToken': token },
  });

describe('per-IP request limit', () => {
  it('refuses a flood of bad tokens with 429 before looking the token up', async () => {
    const statuses: number[] = [];
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await get('/user/info', '203.0.113.5');
      statuses.push(res.statusCode);
      codes.push((res.json() as { code: number }).code);
    }
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });

  it('counts each address on its own and leaves health checks alone', async () => {
    expect((await get('/user/info', '203.0.113.6')).json()).toMatchObject({ code: 401 });
    for (let i = 0; i < 8; i++) expect((await get('/health', '203.0.113.5')).statusCode).toBe(200);
  });
});
