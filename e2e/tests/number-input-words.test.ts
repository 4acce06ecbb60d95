/**
 * Issue 32, item 20, in a real browser: number inputs' step buttons are named in Chinese in the
 * Chinese interface (rc-input-number writes "Increase Value" / "Decrease Value" whatever the locale);
 * the author's course cards keep the price on the lesson count's line; English says "1 order".
 */
import type { StoreListPage } from '@studio/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/account-tabs.ts';
import { demoOwnerContexts } from '../support/demo-tab.ts';
import { apiAs, useSession } from '../support/session.ts';
import { accountWithTeam } from '../support/store-api.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const { newContext, api } = demoOwnerContexts(baseUrl);

const openPage = async (lang: 'zh-CN' | 'en-US'): Promise<Page> => {
  const context = await newContext(true, { width: 1280, height: 900 });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  return context.newPage();
};

describe('words a person hears', () => {
  it('number inputs name their step buttons in Chinese in the Chinese interface', async () => {
    const course = await api<{ courseId: number }>('/course/create', { title: '数字输入检查' });
    const page = await openPage('zh-CN');
    await page.goto(`${baseUrl}/create/course/${course.courseId}`);
    const price = page.getByLabel('价格（元）', { exact: true });
    await price.waitFor();
    await price.hover();
    await page.getByRole('button', { name: '增加', exact: true }).first().waitFor({ state: 'attached' });
    expect(await page.locator('[aria-label="Increase Value"], [aria-label="Decrease Value"]').count()).toBe(
      0,
    );
  });

  it("the author's course cards keep the price on the lesson count's line, at desktop and phone width, in English", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await newContext(true, viewport);
      await context.addInitScript(() => localStorage.setItem('lang', 'en-US'));
      const page = await context.newPage();
      await page.goto(`${baseUrl}/author`);
      await page
        .getByText(/^\d+ lessons?\b/)
        .first()
        .waitFor();
      // Per card: the top of every line of text from the lesson count to the end of its row (the price).
      const lines = await page.locator('.course-card').evaluateAll((cards) =>
        cards.map((card) => {
          const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
          let text = '';
          const tops: number[] = [];
          let row: Element | null = null;
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const at = row ? 0 : node.textContent!.search(/\d+ lessons?/);
            if (at < 0) continue;
            row ??= node.parentElement!.closest('.ant-flex');
            if (!row!.contains(node)) break;
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, node.textContent!.length);
            text += range.toString();
            for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.push(r.top);
          }
          return { text, lineTops: tops.length ? Math.max(...tops) - Math.min(...tops) : -1 };
        }),
      );
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line.text, `${viewport.width}px`).toMatch(/^\d+ lessons? ?· ?\S/);
        // One line: every run's top within a few pixels (a wrapped price starts a line height lower).
        expect(line.lineTops, `${viewport.width}px: ${line.text}`).toBeLessThan(8);
        expect(line.lineTops).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('in English, one order reads "1 order"', async () => {
    const buyer = await accountWithTeam(baseUrl, logFile, `One order ${Date.now() % 100_000}`);
    const found = await apiAs<StoreListPage>(baseUrl, buyer, '/store/list?pageNum=1&pageSize=12');
    const courseId = found.list[0]!.courseId;
    await apiAs(baseUrl, buyer, '/cart/add', { courseId });
    await apiAs(baseUrl, buyer, '/order/checkout', { courseIds: [courseId] });
    const context = await newContext(false);
    await useSession(context, buyer);
    await context.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    const page = await context.newPage();
    await page.goto(`${baseUrl}/personal/trade`);
    await page.getByText(/^1 orders?$/).waitFor();
    expect(await page.getByText('1 order', { exact: true }).count()).toBe(1);
    expect(await page.getByText('1 orders', { exact: true }).count()).toBe(0);
  });
});
