// @vitest-environment node
// As on the server: no DOM (and so no DOMPurify), React's server renderer.
import type { DocNode, PublicPageBody, ShareView, StoreCourse } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import { XSS_CORPUS } from '../../../server/test/xss-corpus.ts';
import { renderPublicPage } from './entry-server.tsx';

const text = (value: string): DocNode => ({ type: 'paragraph', content: [{ type: 'text', text: value }] });
const doc = (...content: DocNode[]): DocNode => ({ type: 'doc', content });
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
const course = (over: Partial<StoreCourse> = {}): StoreCourse => ({
  courseId: 11,
  title: 'Python 零基础入门',
  subtitle: '从第一行代码到小项目',
  summary: '面向零基础学习者的 Python 入门课程。',
  mediaMs: null,
  cover: '/api/files/cover/2026/11/abc.png',
  category: 'tech',
  tags: ['编程'],
  price: 9900,
  teamName: '演示团队',
  authorName: '演示用户',
  versionNo: 2,
  sales: 3,
  lessons: [lesson(1, '认识 Python', doc(text('试看课的正文'))), lesson(2, '变量与类型', null)],
  owned: false,
  ownTeam: false,
  inCart: false,
  listed: true,
  ...over,
});
const render = (model: PublicPageBody, lang: 'zh-CN' | 'en-US' = 'zh-CN', url = '/x') =>
  renderPublicPage({ ...model, lang, url });
/** The text a reader sees (tags out, entities back). */
const visible = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the public pages rendered by the server', () => {
  it('the buy page holds the course, its price, 登录后购买 coming back, the syllabus and the free lesson text', () => {
    const html = render(
      { page: 'storeCourse', course: course(), lessonId: null },
      'zh-CN',
      '/store/preview/11',
    );
    const seen = visible(html);
    expect(html).toMatch(/<h1 class="pp-title">Python 零基础入门<\/h1>/);
    expect(seen).toContain('从第一行代码到小项目');
    expect(seen).toContain('¥99.00');
    expect(seen).toContain('2 课时 · 已售 3 · 第 2 版');
    expect(html).toContain(
      '<a href="/login?redirect=%2Fstore%2Fpreview%2F11" class="pp-button pp-button-primary pp-button-large pp-button-buy">登录后购买</a>',
    );
    expect(seen).toContain('面向零基础学习者的 Python 入门课程。');
    expect(seen).toContain('第 1 课 认识 Python 试看');
    expect(seen).toContain('第 2 课 变量与类型');
    expect(html).toContain('role="img" aria-label="购买后解锁"');
    expect(seen).toContain('试看课的正文');
    // The cover keeps its box (no layout shift) and is fetched first.
    expect(html).toMatch(
      /<img src="\/api\/files\/cover\/2026\/11\/abc.png" class="pp-cover" alt="课程封面：Python 零基础入门" width="640" height="360"/,
    );
    // The language link and 登录 come back to this page.
    expect(html).toContain('href="/store/preview/11?lang=en-US"');
    expect(html).toContain('href="/login?redirect=%2Fstore%2Fpreview%2F11"');
  });

  it('reads one lesson (?lesson=): a free one whole, a paid one locked with 登录后购买', () => {
    const free = visible(render({ page: 'storeCourse', course: course(), lessonId: 1 }));
    expect(free).toContain('试看课的正文');
    expect(free).toContain('下一课');
    const locked = visible(render({ page: 'storeCourse', course: course(), lessonId: 2 }));
    expect(locked).toContain('本课时需购买后阅读');
    expect(locked).toContain('登录后购买');
    expect(locked).toContain('上一课');
    expect(visible(render({ page: 'storeCourse', course: course(), lessonId: 99 }))).toContain(
      '这个课时不在课程中',
    );
  });

  it('colours the code of a free lesson and shows the caption of an image, with no script for either', () => {
    const content = doc(
      {
        type: 'codeBlock',
        attrs: { language: 'python' },
        content: [{ type: 'text', text: 'for i in range(3):\n    print(i)  # <script>x</script>' }],
      },
      {
        type: 'image',
        attrs: { src: '/api/files/image/a.png', alt: '图', width: 320, caption: '图 1：循环' },
      },
    );
    const html = render(
      { page: 'storeCourse', course: course({ lessons: [lesson(1, '循环', content)] }), lessonId: 1 },
      'zh-CN',
      '/store/preview/11?lesson=1',
    );
    expect(html).toContain('<span class="hljs-keyword">for</span>');
    expect(html).toContain('<span class="hljs-comment"># &#60;script&#62;x&#60;/script&#62;</span>');
    expect(html).toMatch(
      /<figure[^>]*><img[^>]*width="320"[^>]*><figcaption>图 1：循环<\/figcaption><\/figure>/,
    );
    expect(html).not.toContain('<script>x');
  });

  it('speaks English when asked, quiz words included', () => {
    const quiz: DocNode = {
      type: 'quiz',
      attrs: {
        id: 'q1',
        kind: 'truefalse',
        question: 'Python 是解释型语言？',
        options: [],
        correct: [],
        accepted: [],
        explanation: '',
      },
    };
    const withQuiz = course({ lessons: [lesson(1, '认识 Python', doc(text('正文'), quiz))] });
    const en = visible(render({ page: 'wxPreview', course: withQuiz }, 'en-US'));
    expect(en).toContain('Log in');
    expect(en).toContain('True or false');
    expect(en).toContain('True False');
    expect(en).not.toContain('判断题');
    const zh = visible(render({ page: 'wxPreview', course: withQuiz }, 'zh-CN'));
    expect(zh).toContain('判断题');
    expect(zh).toContain('正确 错误');
  });

  it('escapes every user-provided string, and lesson content keeps safe nodes and URLs only', () => {
    const [script, img, svg, js, iframe, anchor] = XSS_CORPUS as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const hostile = course({
      title: script,
      subtitle: img,
      summary: XSS_CORPUS.join('\n'),
      teamName: svg,
      authorName: iframe,
      tags: [anchor],
      cover: js,
      lessons: [
        lesson(
          1,
          iframe,
          doc(
            text(script),
            {
              type: 'paragraph',
              content: [{ type: 'text', text: '链接', marks: [{ type: 'link', attrs: { href: js } }] }],
            },
            { type: 'image', attrs: { src: 'javascript:alert(1)', alt: img } },
            { type: 'image', attrs: { src: 'x" onerror="alert(1)', alt: 'x' } },
          ),
        ),
      ],
    });
    const share: ShareView = {
      share: { shareId: 'abcdefghijklmnop', allowCopy: true, expireTime: null, paid: false, listed: true },
      course: { ...hostile, lessons: hostile.lessons },
    };
    for (const html of [
      render({ page: 'storeCourse', course: hostile, lessonId: null }),
      render({ page: 'storeCourse', course: hostile, lessonId: 1 }),
      render({ page: 'wxPreview', course: hostile }),
      render({ page: 'share', view: share }),
      render({
        page: 'storeList',
        query: { keyword: script, sort: 'newest', pageNum: 1, pageSize: 12 },
        list: { list: [{ ...hostile, lessonCount: 1, releaseTime: 0 }], total: 1, pageNum: 1, pageSize: 12 },
      }),
    ]) {
      expect(html).not.toMatch(/<(script|svg|iframe)\b/i);
      const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
      expect(tags.length).toBeGreaterThan(10);
      for (const tag of tags) {
        expect(tag).not.toMatch(/\son\w+=/i);
        expect(tag).not.toMatch(/(href|src)="\s*(javascript|x)/i);
      }
      expect(visible(html)).toContain(script);
    }
  });

  it('a share shows the read-only notice; a paid one locks its other lessons behind 购买课程 (or says it is not on sale)', () => {
    const paid = (listed: boolean): ShareView => ({
      share: {
        shareId: 'abcdefghijklmnop',
        allowCopy: false,
        expireTime: Date.UTC(2026, 11, 1, 4, 0),
        paid: true,
        listed,
      },
      course: course(),
    });
    const html = render({ page: 'share', view: paid(true) });
    const seen = visible(html);
    expect(seen).toContain('只读分享');
    expect(seen).toContain('演示团队 分享');
    // In China's time, whatever the server's zone.
    expect(seen).toContain('链接 2026/12/01 12:00 到期');
    expect(seen).toContain('试看课的正文');
    expect(html).toContain('<a href="/store/preview/11" class="pp-button pp-button-primary">购买课程</a>');
    expect(seen).not.toContain('登录后复制到我的团队');
    expect(visible(render({ page: 'share', view: paid(false) }))).toContain('这门课程暂未在商城上架');
  });

  it('offers a re-encoded cover as WebP in a <picture>: the small size on store cards, the large on the buy page', () => {
    const cover = '/api/files/cover/2026/11/abcdefghijkl/lg.jpg';
    const page = render({ page: 'storeCourse', course: course({ cover }), lessonId: null });
    expect(page).toContain(
      '<picture class="picture"><source type="image/webp" srcSet="/api/files/cover/2026/11/abcdefghijkl/lg.webp"/><img src="/api/files/cover/2026/11/abcdefghijkl/lg.jpg" class="pp-cover"',
    );
    const list = render({
      page: 'storeList',
      query: { keyword: '', sort: 'newest' as const, pageNum: 1, pageSize: 12 },
      list: {
        list: [{ ...course({ cover }), lessonCount: 2, releaseTime: 0 }],
        total: 1,
        pageNum: 1,
        pageSize: 12,
      },
    });
    expect(list).toContain(
      '<picture class="picture"><source type="image/webp" srcSet="/api/files/cover/2026/11/abcdefghijkl/sm.webp"/><img src="/api/files/cover/2026/11/abcdefghijkl/sm.jpg" class="pp-cover"',
    );
    expect(list).not.toContain('lg.');
  });

  it('the store list: cards linking to their buy pages, a pager, and the empty and past-the-end states', () => {
    const card = { ...course(), lessonCount: 2, releaseTime: 0 };
    const query = { keyword: '', sort: 'newest' as const, pageNum: 2, pageSize: 12 };
    const html = render({
      page: 'storeList',
      query,
      list: { list: [card], total: 30, pageNum: 2, pageSize: 12 },
    });
    expect(html).toContain('<a href="/store/preview/11" class="pp-store-link">');
    expect(visible(html)).toContain('共 30 门课程');
    expect(html).toContain('<span class="pp-page pp-page-current" aria-current="page">2</span>');
    expect(html).toContain('href="/store/list?page=3"');
    expect(html).toContain('href="/store/list" rel="prev"');

    const none = visible(
      render({
        page: 'storeList',
        query: { ...query, keyword: '没有', pageNum: 1 },
        list: { list: [], total: 0, pageNum: 1, pageSize: 12 },
      }),
    );
    expect(none).toContain('没有找到相关课程');
    const past = visible(
      render({
        page: 'storeList',
        query: { ...query, pageNum: 9 },
        list: { list: [], total: 30, pageNum: 9, pageSize: 12 },
      }),
    );
    expect(past).toContain('第 9 页已经超出范围');
    expect(past).toContain('回到第 3 页');
  });

  it('the login page: three ways as tabs, forms that wait for the script, words in the page language, a hostile address escaped', () => {
    const redirect = '/store/list?q="><script>alert(1)</script>';
    const model: PublicPageBody = {
      page: 'login',
      way: 'password',
      redirect,
      next: `/loading?redirect=${encodeURIComponent(redirect)}`,
      wechat: null,
    };
    const html = render(model, 'zh-CN', '/login');
    const seen = visible(html);
    for (const word of [
      '登录/注册',
      '验证码登录',
      '密码登录',
      '微信登录',
      '手机号',
      '密码',
      '登录需要浏览器启用 JavaScript',
    ]) {
      expect(seen).toContain(word);
    }
    expect(html).toMatch(
      /<a role="tab" id="login-tab-password" href="\/login\?way=password&amp;redirect=[^"]+" aria-selected="true"/,
    );
    expect(html).toMatch(
      /<section role="tabpanel" id="login-panel-sms" aria-labelledby="login-tab-sms" hidden=""/,
    );
    // Without the script the forms post nowhere: their buttons wait for it.
    expect(html.match(/<button type="submit"[^>]*disabled=""/g)).toHaveLength(2);
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/ on[a-z]+=/i);
    // The island's props (its words included) ride in one escaped attribute beside the card.
    expect(html).toContain('data-island="login"');
    const island = /data-island-props="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(island).toContain('&quot;redirect&quot;');
    expect(island).not.toMatch(/[<>]/);
    // The login link is not offered on the login page itself.
    expect(html).not.toContain('href="/login?redirect=');

    const english = visible(render({ ...model, way: 'sms' }, 'en-US', '/login'));
    expect(english).toContain('SMS code Password WeChat Phone Code Get code Log in');
    expect(english).not.toContain('手机号');
  });

  it('404 and 410 pages say what happened and lead to the store', () => {
    expect(visible(render({ page: 'notFound', what: 'course' }))).toContain('课程不存在或已下架');
    expect(visible(render({ page: 'notFound', what: 'share' }))).toContain('链接不存在');
    const gone = render({ page: 'shareGone' });
    expect(visible(gone)).toContain('链接已失效');
    expect(gone).toContain('href="/store/list"');
  });
});
