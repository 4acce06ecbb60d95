/**
 * Each shared screen in both of its modes: the server's (a string, as the visitor's page is rendered)
 * and the app's (mounted in the app's providers and router). The same props draw the same tree: the
 * markup matches once the two renderers' own ids are set aside, and in the app the links move with
 * the router instead of loading a page.
 */
import type {
  DocNode,
  PublicStoreList,
  ShareAttachments,
  ShareView,
  StoreCourse,
  StoreListAddress,
} from '@studio/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderPublicPage } from '../public/entry-server.tsx';
import { fixedT } from '../public/public-i18n.tsx';
import { ServerLessonContent } from '../public/server-content.tsx';
import { TestProviders } from '../test/test-providers.tsx';
// The app's messages (main.tsx sets them up in the app).
import '../lib/i18n/index.ts';
import { AppScreen } from './app-screen.tsx';
import { BuyActions } from './buy-actions.tsx';
import { BuyPage } from './buy-page.tsx';
import { PartsProvider, PlainLink } from './parts.tsx';
import { PublicShell } from './public-shell.tsx';
import { ShareScreen } from './share-screen.tsx';
import { StoreListScreen } from './store-list-screen.tsx';
import { StoreSearch } from './store-search.tsx';
import { WordsProvider } from './words.tsx';
import { WxPreviewScreen } from './wx-preview-screen.tsx';

const doc = (text: string): DocNode => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});
const lesson = (lessonId: number, title: string, content: DocNode | null) => ({
  lessonId,
  title,
  position: lessonId,
  durationMin: 15,
  freePreview: content !== null,
  version: 1,
  updateTime: 0,
  content,
});
const course = (
  lessons = [lesson(1, '认识 Python', doc('试看课的正文')), lesson(2, '变量与类型', null)],
): StoreCourse => ({
  courseId: 11,
  title: 'Python 零基础入门',
  subtitle: '从第一行代码到小项目',
  summary: '面向零基础学习者的 Python 入门课程。',
  mediaMs: null,
  cover: '',
  category: 'tech',
  tags: ['编程'],
  price: 9990,
  teamName: '演示团队',
  authorName: '演示用户',
  versionNo: 2,
  sales: 3,
  lessons,
  owned: false,
  ownTeam: false,
  inCart: false,
  listed: true,
});
/** Every lesson locked: no lesson content, whose renderer differs (coloured on the server, lazy in the app). */
const lockedCourse = () => course([lesson(1, '认识 Python', null), lesson(2, '变量与类型', null)]);
const share = (over: Partial<ShareView['share']> = {}): ShareView => ({
  share: { shareId: 'abc123', allowCopy: false, expireTime: null, paid: true, listed: true, ...over },
  course: { ...lockedCourse(), lessons: lockedCourse().lessons },
});
const query: StoreListAddress = { keyword: '', sort: 'newest', pageNum: 1, pageSize: 12 };
const list: PublicStoreList = {
  list: [
    {
      courseId: 11,
      title: 'Python 零基础入门',
      subtitle: '',
      cover: '',
      category: 'tech',
      teamName: '演示团队',
      price: 0,
      lessonCount: 2,
      sales: 3,
      versionNo: 2,
      releaseTime: 0,
    },
  ],
  total: 30,
  pageNum: 1,
  pageSize: 12,
};

const serverHtml = (node: ReactNode) =>
  renderToString(
    <WordsProvider value={{ t: fixedT('zh-CN'), lang: 'zh-CN' }}>
      <PartsProvider value={{ Link: PlainLink, Content: ServerLessonContent }}>{node}</PartsProvider>
    </WordsProvider>,
  );

const inApp = (node: ReactNode, path = '/here') => {
  const router = createMemoryRouter([{ path: '*', element: <AppScreen>{node}</AppScreen> }], {
    initialEntries: [path],
  });
  const view = render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, container: view.container };
};

/**
 * A tree as a string that both renderers agree on: attributes sorted, useId's ids set aside, and what
 * each renderer adds of its own left out (the router's data-discover, React's image preload hint, the
 * `selected` the server writes where the client sets a property).
 */
const canonical = (node: Node): string => {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element)) return '';
  if (node.tagName === 'LINK' && node.getAttribute('rel') === 'preload') return '';
  const attrs = [...node.attributes]
    .filter((a) => a.name !== 'data-discover' && a.name !== 'selected')
    .map((a) => `${a.name}="${a.value.replace(/_r_\w+_|«r\w+»|:r\w+:|_R_\w+_/g, 'ID')}"`)
    .sort()
    .join(' ');
  return `<${node.tagName.toLowerCase()} ${attrs}>${[...node.childNodes].map(canonical).join('')}</>`;
};

const sameTree = (node: ReactNode) => {
  const server = serverHtml(node);
  const parsed = document.createElement('div');
  parsed.innerHTML = server;
  const { container } = inApp(node);
  // The app's providers wrap the screen in antd's App element.
  const app = container.querySelector('.ant-app') ?? container;
  expect([...app.childNodes].map(canonical).join('')).toBe([...parsed.childNodes].map(canonical).join(''));
  return server;
};

describe('the shared screens, on the server and in the app', () => {
  it('the buy page: one tree; price in fen as yuan, the syllabus locked, 登录后购买', () => {
    const page = (
      <BuyPage
        course={lockedCourse()}
        actions={
          <BuyActions state={{ kind: 'visitor', loginHref: '/login?redirect=%2Fstore%2Fpreview%2F11' }} />
        }
        introHref="/store/preview/11"
        lessonHref={(id) => `/store/preview/11?lesson=${id}`}
        backHref="/store/list"
      />
    );
    const html = sameTree(page);
    expect(html).toContain('¥99.90');
    expect(html).toContain('>登录后购买</a>');
    expect(html.match(/role="img" aria-label="购买后解锁"/g)).toHaveLength(2);
  });

  it('the buy page in the app: free lesson text, and its links move with the router', async () => {
    const { router } = inApp(
      <BuyPage
        course={course()}
        introHref="/store/preview/11"
        lessonHref={(id) => `/store/preview/11?lesson=${id}`}
      />,
    );
    expect(await screen.findByText('试看课的正文')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '第 1 课认识 Python' }));
    await waitFor(() => expect(router.state.location.search).toBe('?lesson=1'));
    // Server: the same lesson text, rendered into the page.
    expect(
      serverHtml(<BuyPage course={course()} introHref="/" lessonHref={(id) => `/?lesson=${id}`} />),
    ).toContain('试看课的正文');
  });

  it('the buy page reads one lesson: a locked one offers the actions; previous and next', () => {
    const html = sameTree(
      <BuyPage
        course={lockedCourse()}
        lessonId={2}
        actions={<BuyActions state={{ kind: 'preview' }} />}
        introHref="/store/preview/11"
        lessonHref={(id) => `/store/preview/11?lesson=${id}`}
      />,
    );
    expect(html).toContain('本课时需购买后阅读');
    expect(html).toContain('返回课程介绍');
    expect(html).toContain('上一课');
  });

  it('the buy actions: what a member can do, as buttons that call the app', () => {
    const calls: string[] = [];
    inApp(
      <BuyActions
        state={{
          kind: 'buy',
          free: false,
          inCart: false,
          expired: false,
          busy: null,
          onBuy: () => calls.push('buy'),
          onAdd: () => calls.push('add'),
          cartHref: '/store/cart',
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));
    expect(calls).toEqual(['add', 'buy']);
  });

  it('the share page: one tree; a paid share locks its lessons behind 购买课程', () => {
    const html = sameTree(<ShareScreen view={share()} />);
    expect(html).toContain('只读分享');
    expect(html).toContain('href="/store/preview/11"');
    expect(html).toContain('购买课程');
  });

  it("the share page: each lesson's attachment names, locked, and no address of a file", () => {
    const attachments: ShareAttachments = {
      lessons: [
        { lessonId: 2, list: [{ attachmentId: 9, name: '第二课讲义.pdf', kind: 'pdf', sizeBytes: 2048 }] },
      ],
    };
    const html = sameTree(<ShareScreen view={share()} attachments={attachments} />);
    expect(html).toContain('第二课讲义.pdf');
    expect(html.replaceAll('<!-- -->', '')).toContain('PDF · 2.0 KB');
    expect(html).toContain('pp-attachment-lock');
    // Under lesson 2, not lesson 1.
    expect(html.indexOf('第二课讲义.pdf')).toBeGreaterThan(html.indexOf('id="lesson-2"'));
    const page = renderPublicPage({
      lang: 'zh-CN',
      url: '/share/abc123',
      page: 'share',
      view: share(),
      attachments,
    });
    expect(page).toContain('第二课讲义.pdf');
    expect(page).not.toMatch(/\/api\/attachment|download/i);
  });

  it('the phone preview: one tree, with its price and locked lessons', () => {
    const html = sameTree(<WxPreviewScreen course={lockedCourse()} lockedAction={<span>买</span>} />);
    expect(html).toContain('¥99.90');
    expect(html).toContain('付费课时');
  });

  it("the phone preview: each lesson's attachment names, locked, without a link", () => {
    const attachments: ShareAttachments = {
      lessons: [
        { lessonId: 1, list: [{ attachmentId: 3, name: '试看讲义.pdf', kind: 'pdf', sizeBytes: 512 }] },
      ],
    };
    const html = sameTree(<WxPreviewScreen course={lockedCourse()} attachments={attachments} />);
    expect(html).toContain('试看讲义.pdf');
    expect(html.indexOf('试看讲义.pdf')).toBeGreaterThan(html.indexOf('id="lesson-1"'));
    expect(html.indexOf('试看讲义.pdf')).toBeLessThan(html.indexOf('id="lesson-2"'));
    const page = renderPublicPage({
      lang: 'zh-CN',
      url: '/wx-preview/11',
      page: 'wxPreview',
      course: lockedCourse(),
      attachments,
    });
    expect(page).toContain('试看讲义.pdf');
    expect(page).not.toMatch(/\/api\/attachment|download/i);
  });

  it('the store list: one tree (cards, search box, pager), and the pager moves with the router in the app', async () => {
    const page = <StoreListScreen query={query} list={list} search={<StoreSearch query={query} />} />;
    const html = sameTree(page);
    expect(html).toContain('免费');
    expect(html).toContain('aria-label="第 2 页"');
    const { router } = inApp(page);
    fireEvent.click(screen.getAllByRole('link', { name: '第 2 页' }).at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
  });

  it("says a course's video and audio time on its card and buy page, in Chinese and English", () => {
    const card = list.list[0]!;
    const timed: PublicStoreList = {
      ...list,
      list: [
        { ...card, mediaMs: 80 * 60_000 },
        { ...card, courseId: 12, mediaMs: 2 * 3600_000 },
        { ...card, courseId: 13, mediaMs: 20_000 },
        { ...card, courseId: 14, mediaMs: null },
      ],
    };
    // React's server markup separates adjacent texts with <!-- -->.
    const html = sameTree(<StoreListScreen query={query} list={timed} search={null} />).replaceAll(
      '<!-- -->',
      '',
    );
    expect(html.match(/共 1 小时 20 分钟 · /g)).toHaveLength(1);
    expect(html.match(/共 2 小时 · /g)).toHaveLength(1);
    expect(html.match(/共 1 分钟 · /g)).toHaveLength(1);
    expect(html.match(/\d 课时 · 已售/g)).toHaveLength(1);
    const buy = (
      <BuyPage
        course={{ ...lockedCourse(), mediaMs: 80 * 60_000 }}
        introHref="/"
        lessonHref={(id) => `/?lesson=${id}`}
      />
    );
    expect(sameTree(buy)).toContain('2 课时 · 共 1 小时 20 分钟 · 已售');
    const english = renderToString(
      <WordsProvider value={{ t: fixedT('en-US'), lang: 'en-US' }}>
        <PartsProvider value={{ Link: PlainLink, Content: ServerLessonContent }}>{buy}</PartsProvider>
      </WordsProvider>,
    );
    expect(english).toContain('2 lessons · 1 h 20 min · ');
  });

  it('the one PublicShell frames both: the brand, then the page’s own nav', () => {
    const html = sameTree(
      <PublicShell nav={<nav className="pp-bar-actions">x</nav>}>
        <p>body</p>
      </PublicShell>,
    );
    expect(html).toContain('class="pp-brand"');
    expect(html).toContain('<main class="pp-main"><p>body</p></main>');
  });
});
