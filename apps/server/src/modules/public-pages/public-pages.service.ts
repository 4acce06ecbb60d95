/**
 * What the public pages are about, read as a logged-out visitor sees them: a share, a released course
 * (the buy page and the phone preview) and the store. Anything a visitor may not see answers 404, so
 * a draft or an unlisted course never reaches a card or a search engine. And the login page, which a
 * visitor meets first when they buy. The body is what the web's
 * server renderer draws for a visitor; signed-in users get the app, which asks the API with their
 * session and shows what their team may see.
 */
import {
  Code,
  LOGIN_WAYS,
  readListQuery,
  safeRedirect,
  WebPaths,
  type Page,
  type PublicPageBody,
  type StoreCard,
  type WechatQr,
} from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { createWechatQr } from '../auth/index.ts';
import { listedForSitemap, viewShare } from '../courses/index.ts';
import { viewCertificate } from '../learning/index.ts';
import { storeCourse, storeListJson } from '../store/index.ts';
import { shareAttachments, visitorAttachmentNames, visitorAttachments } from '../attachments/index.ts';
import { describe, SITE_DESCRIPTION, SITE_NAME, type PageHead } from './page-head.ts';

/** A public page: its head (share card, status) and, for a visitor, what the page shows. */
export type PublicView = { head: PageHead; body: PublicPageBody };

const notFound = (path: string, what: 'course' | 'share'): PublicView => ({
  head: {
    status: 404,
    title: '页面不存在',
    description: '课程不存在、已下架，或者链接有误。',
    path,
  },
  body: { page: 'notFound', what },
});

const codeOf = (error: unknown) => (error instanceof AppError ? error.code : null);

export async function shareView(ctx: AppContext, shareId: string): Promise<PublicView> {
  const path = WebPaths.share(encodeURIComponent(shareId));
  try {
    const view = await viewShare(ctx, shareId);
    const { course } = view;
    return {
      head: {
        status: 200,
        title: course.title,
        description: describe(course.subtitle, course.summary),
        path,
        image: course.cover,
      },
      body: { page: 'share', view, attachments: await shareAttachments(ctx, shareId) },
    };
  } catch (error) {
    const code = codeOf(error);
    if (code === Code.SHARE_EXPIRED) {
      return {
        head: { status: 410, title: '链接已失效', description: '分享链接已过期或已被撤销。', path },
        body: { page: 'shareGone' },
      };
    }
    if (code === Code.NOT_FOUND || code === Code.BAD_REQUEST) return notFound(path, 'share');
    throw error;
  }
}

const positiveId = (raw: string | undefined): number | null => {
  const id = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id <= 2 ** 31 - 1 ? id : null;
};

/**
 * A released, listed course: its buy page (`lesson`: one lesson read), or its phone preview (whose
 * canonical page is the buy page).
 */
export async function courseView(
  ctx: AppContext,
  rawId: string,
  page: 'storePreview' | 'wxPreview',
  lesson?: string,
): Promise<PublicView> {
  const path = WebPaths[page](encodeURIComponent(rawId));
  const courseId = positiveId(rawId);
  if (courseId === null) return notFound(path, 'course');
  try {
    const course = await storeCourse(ctx, null, courseId);
    return {
      head: {
        status: 200,
        title: course.title,
        description: describe(course.subtitle, course.summary),
        path,
        canonicalPath: WebPaths.storePreview(courseId),
        image: course.cover,
      },
      body:
        page === 'wxPreview'
          ? {
              page: 'wxPreview',
              course,
              attachments: await visitorAttachmentNames(
                ctx,
                courseId,
                course.lessons.map((l) => l.lessonId),
              ),
            }
          : {
              page: 'storeCourse',
              course,
              lessonId: positiveId(lesson),
              attachments: await visitorAttachments(ctx, courseId, positiveId(lesson)),
            },
    };
  } catch (error) {
    if (codeOf(error) === Code.NOT_FOUND) return notFound(path, 'course');
    throw error;
  }
}

/**
 * A logged-in member (the `studio_member` cookie) gets the app, which asks the API with their session:
 * a draft or an unlisted course their team may see is shown to them (the author's phone preview), so
 * the page answers 200 and the app shows its own 404 when the API says so. Their token is in
 * localStorage, out of the server's sight on a page load. A revoked share (410) is gone for everyone.
 */
export const memberStatus = (head: PageHead): PageHead['status'] => (head.status === 404 ? 200 : head.status);

/** Not the visitor's "not found" head: the site's own, still kept out of search engines. */
export const memberHead = (head: PageHead): PageHead =>
  head.status === 404 ? { ...head, title: SITE_NAME, description: SITE_DESCRIPTION } : head;

/**
 * A certificate's verification page (/certificate/:code): found, or 404 for an unknown code. Never
 * indexed (it names a person); the card does not name them either.
 */
export async function certificateHead(ctx: AppContext, code: string): Promise<PageHead> {
  const path = WebPaths.certificate(encodeURIComponent(code));
  try {
    await viewCertificate(ctx, code, null);
    return { status: 200, noindex: true, title: '证书验证', description: '课程结业证书的验证页面。', path };
  } catch (error) {
    if (codeOf(error) !== Code.NOT_FOUND) throw error;
    return { status: 404, title: '证书不存在', description: '没有这个编号的证书，请核对证书编号。', path };
  }
}

export const storeListHead: PageHead = {
  status: 200,
  title: '课程商城',
  description: describe('课程商城：各个团队发布的课程，免费试看，购买后全团队学习。', SITE_DESCRIPTION),
  path: WebPaths.storeList,
};

export const loginHead: PageHead = {
  status: 200,
  title: '登录/注册',
  description: describe('登录课程工作室：手机验证码、密码或微信扫码；未注册的手机号验证后自动注册。'),
  path: WebPaths.login,
};

/**
 * The login page the address asks for: the way in (`?way=`, the SMS code by default) and the page to
 * go back to (`?redirect=`, same-site only). Picking WeChat starts a QR login, as the app's tab does.
 */
export async function loginBody(
  ctx: AppContext,
  search: URLSearchParams,
  origin: string,
): Promise<PublicPageBody> {
  const asked = search.get('way');
  const way = LOGIN_WAYS.find((w) => w === asked) ?? 'sms';
  const redirect = safeRedirect(search.get('redirect'));
  let wechat: WechatQr | null = null;
  if (way === 'wechat') {
    const qr = await createWechatQr(ctx, origin);
    // A phone scans the code: it needs the whole address.
    wechat = { ...qr, qrUrl: new URL(qr.qrUrl, origin).href };
  }
  return { page: 'login', way, next: WebPaths.loadingBack(redirect), redirect, wechat };
}

/** The store's page that the address asks for (the same cached page the API answers). */
export async function storeListBody(ctx: AppContext, search: URLSearchParams): Promise<PublicPageBody> {
  const query = readListQuery(search);
  const { data: list } = JSON.parse(await storeListJson(ctx, query)) as { data: Page<StoreCard> };
  return { page: 'storeList', query, list };
}

const SITEMAP_MAX = 50_000;
const xml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The store and every listed course's buy page (at most the sitemap protocol's 50,000 addresses). */
export async function sitemapXml(ctx: AppContext, origin: string): Promise<string> {
  const courses = await listedForSitemap(ctx.db, SITEMAP_MAX - 1);
  const urls = [
    `<url><loc>${xml(origin + WebPaths.storeList)}</loc></url>`,
    ...courses.map(
      (c) =>
        `<url><loc>${xml(origin + WebPaths.storePreview(c.courseId))}</loc><lastmod>${c.releasedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
