/**
 * Content safety and share links: stored script never runs on any preview or the share page; revoked
 * and unknown links say so; a logged-in visitor copies an allowed share into the current team.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoOwnerContexts } from '../support/demo-tab.ts';
import { courseTitleField, courseWithLesson } from '../support/authoring.ts';

const baseUrl = inject('baseUrl');
const { newContext, api } = demoOwnerContexts(baseUrl);

describe('content safety and share links', () => {
  const PAYLOAD = '<img src=x onerror=alert(1)><script>alert(2)</script>';

  // Each page is its own test: every one opens the app cold in a new tab, and seven in one test
  // went past its time limit on a busy machine.
  describe('stored script never runs in previews or on the share page', () => {
    let courseId = 0;
    let lessonId = 0;
    let shareUrl = '';
    beforeAll(async () => {
      const made = await courseWithLesson(api, '安全测试课程');
      const lesson = made.lesson;
      courseId = made.courseId;
      lessonId = lesson.lessonId;
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
      shareUrl = (await api<{ url: string }>('/share/create', { courseId, allowCopy: false })).url;
    });

    const base = () => `${baseUrl}/create/course/${courseId}`;
    const pages: [name: string, loggedIn: boolean, url: () => string][] = [
      ['course preview', true, () => `${base()}/preview`],
      ['lesson preview', true, () => `${base()}/lesson/${lessonId}/preview`],
      ['buy page preview', true, () => `${base()}/buy/preview`],
      ['embedded course preview', true, () => `${base()}/iframe/preview`],
      ['embedded lesson preview', true, () => `${base()}/lesson/${lessonId}/iframe/preview`],
      ['phone preview', true, () => `${baseUrl}/wx-preview/${courseId}`],
      ['share page, logged out', false, () => shareUrl],
    ];
    it.each(pages)('%s', async (_name, loggedIn, address) => {
      const url = address();
      const dialogs: string[] = [];
      const page = await (await newContext(loggedIn)).newPage();
      page.on('dialog', (d) => {
        dialogs.push(`${url}: ${d.message()}`);
        void d.dismiss();
      });
      await page.goto(url);
      await page.getByText(PAYLOAD).first().waitFor();
      await page.getByText('危险链接').first().waitFor();
      await page.waitForTimeout(300);
      expect(await page.locator('[onerror], [onclick]').count(), url).toBe(0);
      expect(await page.locator('a[href^="javascript"], script:not([src])').count(), url).toBe(0);
      expect(dialogs).toEqual([]);
    });
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
