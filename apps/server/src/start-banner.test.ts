import type { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { publicUrlWarning, startBanner } from './start-banner.ts';

const nic = (address: string, family: 'IPv4' | 'IPv6', internal = false) => ({
  address,
  family,
  internal,
  netmask: '255.255.255.0',
  mac: '00:00:00:00:00:00',
  cidr: null,
  ...(family === 'IPv6' ? { scopeid: 0 } : {}),
});
const interfaces = {
  lo: [nic('127.0.0.1', 'IPv4', true)],
  eth0: [nic('192.168.1.5', 'IPv4'), nic('fe80::1', 'IPv6')],
  wlan0: [nic('169.254.3.3', 'IPv4')],
} as ReturnType<typeof networkInterfaces>;

describe('start banner', () => {
  it('prints the LAN address next to localhost when PUBLIC_URL is unset', () => {
    const line = startBanner(loadConfig({}), interfaces);
    expect(line).toContain('ready: open http://localhost:3000 or http://192.168.1.5:3000 ');
    expect(line).not.toContain('169.254');
  });

  it('prints PUBLIC_URL alone when set, and the listen address when bound to one', () => {
    expect(startBanner(loadConfig({ PUBLIC_URL: 'https://studio.example/' }), interfaces)).toContain(
      'ready: open https://studio.example (',
    );
    expect(startBanner(loadConfig({ HOST: '127.0.0.1', PORT: '8080' }), interfaces)).toContain(
      'ready: open http://127.0.0.1:8080 (',
    );
  });

  it('warns when a real WeChat provider would call back an unset PUBLIC_URL', () => {
    expect(publicUrlWarning(loadConfig({}))).toBeNull();
    const open = loadConfig({ WECHAT_MODE: 'open', WECHAT_APP_ID: 'a', WECHAT_APP_SECRET: 's' });
    expect(publicUrlWarning(open)).toMatch(/PUBLIC_URL is not set: WECHAT_MODE=open/);
  });
});
