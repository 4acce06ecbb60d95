/**
 * Hooks for a test file whose journeys all run as the demo owner: one browser for the file, the
 * owner's session logged in once, and a fresh logged-in tab (Chinese, desktop size) for each test.
 */
import type { UserInfo } from '@studio/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser.ts';
import { apiAs, apiLogin, useSession } from './session.ts';

export type DemoTab = { browser: Browser; context: BrowserContext; page: Page; user: UserInfo };

/** Registers the hooks; the returned object's fields are set by the time a test runs. */
export function demoOwnerTab(baseUrl: string): DemoTab {
  const tab = {} as DemoTab;
  beforeAll(async () => {
    tab.browser = await launchBrowser();
    tab.user = await apiLogin(baseUrl, '13800000000', 'demo1234');
  });
  afterAll(() => tab.browser.close());
  beforeEach(async () => {
    tab.context = await tab.browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
    await useSession(tab.context, tab.user);
    tab.page = await tab.context.newPage();
  });
  afterEach(() => tab.context.close());
  return tab;
}

export type DemoOwner = {
  /** A new tab's context: logged in as the demo owner (or a visitor), closed after the test. */
  newContext: (loggedIn?: boolean, viewport?: { width: number; height: number }) => Promise<BrowserContext>;
  /** The API as the demo owner, for setting up data and checking what the server stored. */
  api: <T>(path: string, body?: unknown) => Promise<T>;
};

/** For files whose tests open several tabs (two editors, a logged-out visitor) as they need them. */
export function demoOwnerContexts(baseUrl: string): DemoOwner {
  let browser: Browser;
  let user: UserInfo;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    user = await apiLogin(baseUrl, '13800000000', 'demo1234');
  });
  afterAll(() => browser.close());
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  return {
    newContext: async (loggedIn = true, viewport = { width: 1280, height: 860 }) => {
      const context = await browser.newContext({ locale: 'zh-CN', viewport });
      contexts.push(context);
      if (loggedIn) await useSession(context, user);
      return context;
    },
    api: <T>(path: string, body?: unknown) => apiAs<T>(baseUrl, user, path, body),
  };
}
