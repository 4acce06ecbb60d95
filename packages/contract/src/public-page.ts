/**
 * What the server hands the web's server renderer (apps/web/src/public/entry-server.tsx) for one
 * public page, as a logged-out visitor sees it. The shapes are the API's own, so the server renders
 * exactly what the app would show.
 */
import type { UiLang } from './constants.ts';
import type { Page } from './schemas/common.ts';
import type { WechatQr } from './schemas/account.ts';
import type { ShareView } from './schemas/course.ts';
import type { ReleasedAttachments, ShareAttachments } from './schemas/attachment.ts';
import type { StoreCard, StoreCourse, StoreListCard, StoreListPage } from './schemas/store.ts';
import type { StoreListAddress } from './store-list-address.ts';

/** The store list as the page gets it: the API's page (highlights and the capped total included). */
export type PublicStoreList = Page<StoreCard & Partial<Pick<StoreListCard, 'titleHighlights' | 'mediaMs'>>> &
  Partial<Pick<StoreListPage, 'totalCapped'>>;

/** The login page's ways in, in the order its tabs show them; `?way=` picks one. */
export const LOGIN_WAYS = ['sms', 'password', 'wechat'] as const;
export type LoginWay = (typeof LOGIN_WAYS)[number];

/** What the page shows. */
export type PublicPageBody =
  | { page: 'storeList'; query: StoreListAddress; list: PublicStoreList }
  /** The buy page; `lessonId` reads one lesson (free ones only: a visitor owns nothing). */
  | {
      page: 'storeCourse';
      course: StoreCourse;
      lessonId: number | null;
      /** The read lesson's attachments as a visitor sees them (names; downloads for a free-preview lesson). */
      attachments?: ReleasedAttachments | null;
    }
  /** `attachments`: its lessons' attachment names (the phone preview shows no download). */
  | { page: 'wxPreview'; course: StoreCourse; attachments?: ShareAttachments }
  /** `attachments`: its lessons' attachment names (a share hands out no file). */
  | { page: 'share'; view: ShareView; attachments?: ShareAttachments }
  | { page: 'notFound'; what: 'course' | 'share' }
  | { page: 'shareGone' }
  /**
   * /login. `next`: where a login goes (/loading with the page asked for). `wechat`: the QR login,
   * started when that way is picked (`qrUrl` absolute: a phone scans it).
   */
  | { page: 'login'; way: LoginWay; next: string; redirect: string | null; wechat: WechatQr | null };

export type PublicPageModel = {
  lang: UiLang;
  /** The page's own address, path and search without `lang` (login and the language links come back to it). */
  url: string;
} & PublicPageBody;

/** The server renderer's entry: the page's body HTML (escaped by React). */
export type RenderPublicPage = (model: PublicPageModel) => string;
