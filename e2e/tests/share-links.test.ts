/**
 * Content safety and share links: stored script never runs on any preview or the share page; revoked
 * and unknown links say so; a logged-in visitor copies an allowed share into the current team.
 */
import { describe, expect, inject, it } from 'vitest';
import { demoOwnerContexts } from '../support/demo-tab.ts';
import { courseTitleField, courseWithLesson } from '../support/authoring.ts';

const baseUrl = inject('baseUrl');
const { newContext, api } = demoOwnerContexts(baseUrl);

describe('content safety and share links', () => {
  const PAYLOAD = '<img src=x onerror=alert(1)><script>alert(2)</script>';

  it('stored script never runs in previews or on the share page', async () => {
    const { courseId, lesson } = await courseWithLesson(api, '安全测试课程');
    await api('/lesson/save', {
      lessonId: lesson.lessonId,
      version: lesson.version,
      freePreview: true,
      content: {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: PAYLOAD }] },
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: '危险链接',
                marks: [{ type: 'link', attrs: { href: 'javascript:alert(3)' } }],
              },
            ],
          },
          { type: 'image', attrs: { src: 'x', onerror: 'alert(4)' } },
          {
            type: 'paragraph',
            attrs: { onclick: 'alert(5)' },
            content: [{ type: 'text', text: '正文结束' }],
          },
        ],
      },
    });
    const share = await api<{ url: string }>('/share/create', { courseId, allowCopy: false });
    const base = `${baseUrl}/create/course/${courseId}`;
    const pages: [loggedIn: boolean, url: string][] = [
      [true, `${base}/preview`],
      [true, `${base}/lesson/${lesson.lessonId}/preview`],
      [true, `${base}/buy/preview`],
      [true, `${base}/iframe/preview`],
      [true, `${base}/lesson/${lesson.lessonId}/iframe/preview`],
      [true, `${baseUrl}/wx-preview/${courseId}`],
      [false, share.url],
    ];
    const dialogs: string[] = [];
    for (const [loggedIn, url] of pages) {
      const page = await (await newContext(loggedIn)).newPage();
      page.on('dialog', (d) => {
        dialogs.push(`${url}: ${d.message()}`);
        void d.dismiss();
      });
      await page.goto(url);
      if (url.endsWith('/buy/preview')) await page.getByText('第 1 课 · 共同编辑的课时').click();
      await page.getByText(PAYLOAD).first().waitFor();
      await page.getByText('危险链接').first().waitFor();
      await page.waitForTimeout(300);
      expect(await page.locator('[onerror], [onclick]').count(), url).toBe(0);
      expect(await page.locator('a[href^="javascript"], script:not([src])').count(), url).toBe(0);
    }
    expect(dialogs).toEqual([]);
  });

  it('revoked and unknown share links say so clearly, without an error notice or a login redirect', async () => {
    const { courseId } = await courseWithLesson(api, '失效链接课程');
    const share = await api<{ shareId: string; url: string }>('/share/create', { courseId, allowCopy: true });
    await api('/share/revoke', { shareId: share.shareId });
    const page = await (await newContext(false)).newPage();
    await page.goto(share.url);
    await page.getByRole('heading', { name: '链接已失效' }).waitFor();
    expect(await page.locator('.ant-notification-notice').count()).toBe(0);
    await page.goto(`${baseUrl}/share/NoSuchShare123`);
    await page.getByRole('heading', { name: '链接不存在' }).waitFor();
    expect(await page.locator('.ant-notification-notice').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/share/NoSuchShare123');
  });

  it('a logged-in visitor copies an allowed share into the current team', async () => {
    const { courseId } = await courseWithLesson(api, '可复制课程');
    const share = await api<{ url: string }>('/share/create', { courseId, allowCopy: true });
    const page = await (await newContext()).newPage();
    await page.goto(share.url);
    await page.getByRole('button', { name: '复制到我的团队' }).click();
    await page.waitForURL(
      (u) => /^\/create\/course\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${courseId}`),
    );
    await expect.poll(() => courseTitleField(page).inputValue()).toContain('可复制课程');
  });
});
