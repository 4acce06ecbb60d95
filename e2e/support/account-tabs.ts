/**
 * Hooks for a test file whose journeys move between accounts (a buyer, a seller, a visitor): one
 * browser for the file, and a new tab signed in as whoever a step needs. Every tab closes with the file.
 */
import type { UserInfo } from '@studio/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { useSession } from './session.ts';

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

export type TabOptions = {
  viewport?: { width: number; height: number };
  acceptDownloads?: boolean;
  /** A phone's or WeChat's user agent (the server picks the ways to pay by it). */
  userAgent?: string;
};
/** WeChat's in-app browser on an iPhone. */
export const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322d) NetType/WIFI Language/zh_CN';
/** iPhone Safari: a phone's browser. */
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Registers the hooks; `pageAs(null)` is a visitor's tab. Chinese, desktop size unless told. */
export function accountTabs(): { pageAs: (user: UserInfo | null, options?: TabOptions) => Promise<Page> } {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });
  return {
    pageAs: async (user, options = {}) => {
      const context = await browser.newContext({
        locale: 'zh-CN',
        viewport: options.viewport ?? DESKTOP,
        acceptDownloads: options.acceptDownloads ?? false,
        ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      });
      contexts.push(context);
      if (user) await useSession(context, user);
      return context.newPage();
    },
  };
}
