/**
 * The store search as a user types it, against the built app on the real server with the demo data
 * (Python 零基础入门 and 数据分析入门 are listed): Chinese and pinyin find the courses, the search box
 * suggests titles (closed by Enter), and the matched text of each title is marked; pinyin finds the
 * team name and the category too; a visitor's server-rendered list marks it too.
 */
import { describe, expect, inject, it } from 'vitest';
import { demoOwnerContexts } from '../support/demo-tab.ts';

const baseUrl = inject('baseUrl');
const owner = demoOwnerContexts(baseUrl);

describe('store search', () => {
  it('finds courses by Chinese and by pinyin, suggests titles and marks the matched text', async () => {
    const page = await (await owner.newContext()).newPage();
    await page.goto(`${baseUrl}/store/list`);
    const box = page.getByRole('combobox', { name: '搜索课程', exact: true });

    await box.fill('数据');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('数据');
    const data = page.getByRole('heading', { name: '数据分析入门' });
    await expect.poll(() => data.locator('mark').allTextContents()).toEqual(['数据']);
    expect(await page.getByRole('heading', { name: 'Python 零基础入门' }).count()).toBe(0);

    await box.fill('rumen');
    // Suggestions while typing: both titles, their 入门 marked.
    const suggestions = page.getByRole('listbox', { name: '搜索建议' }).getByRole('option');
    await expect
      .poll(async () => (await suggestions.allTextContents()).sort())
      .toEqual(['Python 零基础入门', '数据分析入门']);
    expect(await suggestions.locator('mark').allTextContents()).toEqual(['入门', '入门']);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('rumen');
    const python = page.getByRole('heading', { name: 'Python 零基础入门' });
    await expect.poll(() => python.locator('mark').allTextContents()).toEqual(['入门']);
    // 综合 is the sort while a keyword is given.
    await expect
      .poll(() => page.getByRole('combobox', { name: '排序方式', exact: true }).inputValue())
      .toBe('relevance');
  });

  it('finds a team name and a category by pinyin, and Enter closes the suggestions over the results', async () => {
    const page = await (await owner.newContext()).newPage();
    await page.goto(`${baseUrl}/store/list`);
    const box = page.getByRole('combobox', { name: '搜索课程', exact: true });
    const data = page.getByRole('heading', { name: '数据分析入门' });
    const python = page.getByRole('heading', { name: 'Python 零基础入门' });

    // Enter at once, before the suggestions came: when they come, they stay closed over the results.
    const suggested = page.waitForResponse((r) => r.url().includes('/store/suggest'));
    await box.fill('shujufenxi');
    await box.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('shujufenxi');
    await data.waitFor();
    await suggested;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const suggestion = page.getByRole('option', { name: '数据分析入门' });
    expect(await suggestion.isVisible()).toBe(false);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    // Typing opens them; Enter closes them.
    await box.fill('shujufen');
    await suggestion.waitFor();
    await box.press('Enter');
    await suggestion.waitFor({ state: 'hidden' });
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('shujufen');

    // 示例学院 (the team that sells 数据分析入门), by its pinyin and initials.
    for (const keyword of ['shili', 'slxy']) {
      await box.fill(keyword);
      await box.press('Enter');
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(keyword);
      await data.waitFor();
      await expect.poll(() => python.count()).toBe(0);
    }
    // 技术与编程, the category of both.
    await box.fill('jishu');
    await box.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('jishu');
    await python.waitFor();
    await data.waitFor();
  });

  it('a visitor’s server-rendered list marks the match of a pinyin keyword', async () => {
    const page = await (await owner.newContext(false)).newPage();
    await page.goto(`${baseUrl}/store/list?q=sjfx`);
    const heading = page.getByRole('heading', { name: '数据分析入门' });
    expect(await heading.locator('mark').allTextContents()).toEqual(['数据分析']);
    expect(await page.getByRole('heading', { name: 'Python 零基础入门' }).count()).toBe(0);
  });
});
