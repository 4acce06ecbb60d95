import { Code, Routes } from '@studio/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { isWechatBrowser, setupWechatShare } from './wechat-share.ts';

afterEach(() => {
  delete (window as { wx?: unknown }).wx;
  document.head.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WeChat share card', () => {
  it('asks wx.config for the page (no #fragment) and sets both cards from the og: tags', async () => {
    document.head.innerHTML = `<meta property="og:title" content="课程标题"><meta property="og:description" content="课程简介"><meta property="og:image" content="https://x.example/c.png">`;
    const calls = stubFetch({
      [Routes.auth.mpJsConfig]: [
        {
          code: Code.OK,
          data: { appId: 'wxmp', timestamp: 1, nonceStr: 'n', signature: 's', mode: 'simulator' },
        },
      ],
    });
    const done: Record<string, unknown> = {};
    (window as { wx?: unknown }).wx = {
      config: (c: unknown) => (done.config = c),
      ready: (fn: () => void) => fn(),
      updateAppMessageShareData: (d: unknown) => (done.app = d),
      updateTimelineShareData: (d: unknown) => (done.timeline = d),
    };
    await setupWechatShare();
    expect(calls).toHaveLength(1);
    expect(done.config).toMatchObject({ appId: 'wxmp', signature: 's', nonceStr: 'n', timestamp: 1 });
    const link = location.href.split('#')[0];
    expect(done.app).toEqual({
      title: '课程标题',
      desc: '课程简介',
      link,
      imgUrl: 'https://x.example/c.png',
    });
    expect(done.timeline).toEqual({ title: '课程标题', link, imgUrl: 'https://x.example/c.png' });
  });

  it('knows WeChat by MicroMessenger; no script and no error when the server refuses', async () => {
    expect(isWechatBrowser('Mozilla/5.0 MicroMessenger/8.0.50')).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 Chrome/126')).toBe(false);
    stubFetch({ [Routes.auth.mpJsConfig]: [{ code: Code.REDIRECT_NOT_ALLOWED, msg: 'no' }] });
    await expect(setupWechatShare()).resolves.toBeUndefined();
    expect(document.querySelector('script[src*="jweixin"]')).toBeNull();
  });
});
