/**
 * Hooks for a test file whose journeys all run as the demo owner: one browser for the file, the
 * owner's session logged in once, and a fresh logged-in tab (Chinese, desktop size) for each test.
 */
import type { UserInfo } from '@studio/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser.ts';
import { apiLogin, useSession } from './session.ts';

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
