import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, resolveDataDir } from './config.ts';

describe('config', () => {
  it('runs with no configuration at all (embedded defaults)', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.storage).toBe('local');
    expect(config.SMS_PROVIDER).toBe('console');
    expect(config.WECHAT_MODE).toBe('simulator');
    expect(config.dataDir).toMatch(/data$/);
  });

  it('keeps data in the repository’s ./data, and reads a relative DATA_DIR from where npm was run', () => {
    const repo = path.resolve(import.meta.dirname, '../../..');
    expect(resolveDataDir(undefined, undefined)).toEqual({
      dataDir: path.join(repo, 'data'),
      legacyDataDir: false,
    });
    expect(loadConfig({ DATA_DIR: './mine', INIT_CWD: '/srv/studio' }).dataDir).toBe('/srv/studio/mine');
    expect(loadConfig({ DATA_DIR: '/var/lib/studio' }).dataDir).toBe('/var/lib/studio');
  });

  it('keeps using a data folder an older version left in apps/server/data until ./data exists', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-root-'));
    try {
      await fs.mkdir(path.join(root, 'apps/server/data/pg'), { recursive: true });
      expect(resolveDataDir(undefined, undefined, root)).toEqual({
        dataDir: path.join(root, 'apps/server/data'),
        legacyDataDir: true,
      });
      await fs.mkdir(path.join(root, 'data'));
      expect(resolveDataDir(undefined, undefined, root).dataDir).toBe(path.join(root, 'data'));
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ WECHAT_MODE: 'open' })).toThrow(/WECHAT_APP_ID[\s\S]*WECHAT_APP_SECRET/);
    expect(() => loadConfig({ WECHAT_MP_MODE: 'mp' })).toThrow(/WECHAT_MP_APP_ID[\s\S]*WECHAT_MP_APP_SECRET/);
    expect(() => loadConfig({ WECHAT_MP_MODE: 'mp', WECHAT_MP_APP_ID: 'wxmp' })).toThrow(
      /WECHAT_MP_APP_SECRET/,
    );
    expect(loadConfig({}).WECHAT_MP_MODE).toBe('simulator');
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID/);
  });

  it('reads PAY_PROVIDER as a list: the sandbox alone, or WeChat Pay and Alipay with their keys', () => {
    expect(loadConfig({}).PAY_PROVIDER).toEqual(['sandbox']);
    const alipay = { ALIPAY_APP_ID: '2021', ALIPAY_PRIVATE_KEY: 'private-secret', ALIPAY_PUBLIC_KEY: 'pub' };
    expect(loadConfig({ PAY_PROVIDER: 'alipay', ...alipay }).ALIPAY_GATEWAY).toBe(
      'https://openapi.alipay.com/gateway.do',
    );
    expect(() => loadConfig({ PAY_PROVIDER: 'alipay' })).toThrow(
      /ALIPAY_APP_ID[\s\S]*ALIPAY_PRIVATE_KEY[\s\S]*ALIPAY_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ PAY_PROVIDER: 'wechat, alipay', ...alipay })).toThrow(/WECHATPAY_APP_ID/);
    expect(() => loadConfig({ PAY_PROVIDER: 'sandbox,alipay', ...alipay })).toThrow(/PAY_PROVIDER/);
    expect(() => loadConfig({ PAY_PROVIDER: 'alipay,alipay', ...alipay })).toThrow(/PAY_PROVIDER/);
    expect(() => loadConfig({ PAY_PROVIDER: 'paypal' })).toThrow(/PAY_PROVIDER/);
    // A bad configuration names variables, never their values.
    try {
      loadConfig({ PAY_PROVIDER: 'alipay', ALIPAY_PRIVATE_KEY: 'private-secret', ALIPAY_GATEWAY: 'nope' });
    } catch (err) {
      expect(String(err)).toMatch(/ALIPAY_GATEWAY/);
      expect(String(err)).not.toContain('private-secret');
    }
    expect.assertions(9);
  });

  it('refuses WeChat Pay with a 公众号 of another appid (JSAPI pays as the 公众号 openid)', () => {
    const wechat = {
      PAY_PROVIDER: 'wechat',
      WECHATPAY_APP_ID: 'wx-website',
      WECHATPAY_MCH_ID: '1900000001',
      WECHATPAY_SERIAL_NO: 'SERIAL',
      WECHATPAY_PRIVATE_KEY: 'merchant-private',
      WECHATPAY_API_V3_KEY: 'k'.repeat(32),
    };
    const mp = { WECHAT_MP_MODE: 'mp', WECHAT_MP_APP_ID: 'wx-mp', WECHAT_MP_APP_SECRET: 'mp-secret' };
    expect(() => loadConfig({ ...wechat, ...mp })).toThrow(/WECHATPAY_APP_ID[\s\S]*WECHAT_MP_APP_ID/);
    try {
      loadConfig({ ...wechat, ...mp });
    } catch (err) {
      expect(String(err)).not.toContain('merchant-private');
      expect(String(err)).not.toContain('mp-secret');
    }
    expect(loadConfig({ ...wechat, ...mp, WECHATPAY_APP_ID: 'wx-mp' }).WECHATPAY_APP_ID).toBe('wx-mp');
    // Without a 公众号 (the simulator), any appid: JSAPI is simply not offered.
    expect(loadConfig({ ...wechat, WECHAT_MP_APP_ID: 'wx-mp' }).WECHATPAY_APP_ID).toBe('wx-website');
  });

  it('takes WeChat Pay keys as 微信支付公钥 with their ids, or downloads platform certificates', () => {
    const key = (n: number) => `-----BEGIN PUBLIC KEY-----\nKEY${n}\n-----END PUBLIC KEY-----`;
    const wechat = {
      PAY_PROVIDER: 'wechat',
      WECHATPAY_APP_ID: 'wx',
      WECHATPAY_MCH_ID: '1900000001',
      WECHATPAY_SERIAL_NO: 'S',
      WECHATPAY_PRIVATE_KEY: 'merchant-secret',
      WECHATPAY_API_V3_KEY: 'k'.repeat(32),
    };
    expect(loadConfig(wechat).WECHATPAY_PUBLIC_KEY_ID).toEqual([]);
    const two = loadConfig({
      ...wechat,
      WECHATPAY_PUBLIC_KEY: `${key(1)}\n${key(2)}`,
      WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_1, PUB_KEY_ID_2',
    });
    expect(two.WECHATPAY_PUBLIC_KEY_ID).toEqual(['PUB_KEY_ID_1', 'PUB_KEY_ID_2']);
    expect(() => loadConfig({ ...wechat, WECHATPAY_PUBLIC_KEY: key(1) })).toThrow(/WECHATPAY_PUBLIC_KEY_ID/);
    expect(() =>
      loadConfig({ ...wechat, WECHATPAY_PUBLIC_KEY: key(1), WECHATPAY_PUBLIC_KEY_ID: 'A,B' }),
    ).toThrow(/WECHATPAY_PUBLIC_KEY_ID/);
    expect(() => loadConfig({ ...wechat, WECHATPAY_PLATFORM_CERTIFICATES: 'false' })).toThrow(
      /WECHATPAY_PLATFORM_CERTIFICATES/,
    );
    // The former variable named no key id: refused with what replaces it.
    expect(() => loadConfig({ ...wechat, WECHATPAY_PLATFORM_PUBLIC_KEY: key(1) })).toThrow(
      /WECHATPAY_PLATFORM_PUBLIC_KEY/,
    );
  });

  it('opens 10 connections in the main pool unless DATABASE_POOL_MAX says otherwise', () => {
    // Commits wait for their WAL flush holding a connection: 10 capped writes at 10 flushes at a time.
    expect(loadConfig({}).DATABASE_POOL_MAX).toBe(10);
    expect(loadConfig({ DATABASE_POOL_MAX: '40' }).DATABASE_POOL_MAX).toBe(40);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '1' })).toThrow();
  });

  it('switches to an external PostgreSQL and to S3 by environment', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/app',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(config.DATABASE_URL).toBe('postgres://u@127.0.0.1:5432/app');
    expect(config.storage).toBe('s3');
  });
});
