/**
 * Issue 32, item 20, in a real browser: number inputs' step buttons are named in Chinese in the
 * Chinese interface (rc-input-number writes "Increase Value" / "Decrease Value" whatever the locale).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { demoOwnerContexts } from '../support/demo-tab.ts';

const baseUrl = inject('baseUrl');
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
});
