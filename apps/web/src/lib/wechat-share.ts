/**
 * Share cards inside WeChat (JSSDK): loaded by public-client.ts only when the page is opened in
 * WeChat (`MicroMessenger`), so visitor pages elsewhere never fetch it. It asks the server for
 * wx.config (GET /api/auth/wechat/mp/js-config), adds WeChat's script at run time, and sets the card
 * from the page's own og: tags (the course's title, summary and cover). When the script cannot load
 * (the simulator, no network) nothing happens.
 */
import { API_BASE, Routes } from '@studio/contract/constants';
import type { EndpointAt, Envelope, InputOf, OutputOf } from '@studio/contract';

/** The JSSDK config endpoint's query and answer, from the contract's table (types only). */
type JsConfigCall = EndpointAt<typeof Routes.auth.mpJsConfig>;

export const JSSDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

type ShareData = { title: string; desc: string; link: string; imgUrl: string };
type Wx = {
  config(c: Record<string, unknown>): void;
  ready(fn: () => void): void;
  error?(fn: (e: unknown) => void): void;
  updateAppMessageShareData(d: ShareData & { success?: () => void }): void;
  updateTimelineShareData(d: Omit<ShareData, 'desc'> & { success?: () => void }): void;
};

const meta = (property: string): string =>
  document.querySelector<HTMLMetaElement>(`meta[property="${property}"]`)?.content ?? '';

export const isWechatBrowser = (ua: string): boolean => /MicroMessenger/i.test(ua);

/** The script once; resolves with `wx` (already there: a test's stand-in, or a second call). */
function loadJssdk(): Promise<Wx | null> {
  const existing = (window as unknown as { wx?: Wx }).wx;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = JSSDK_URL;
    script.async = true;
    script.onload = () => resolve((window as unknown as { wx?: Wx }).wx ?? null);
    script.onerror = () => resolve(null);
    document.head.append(script);
  });
}

/**
 * Configures the JSSDK for this page's address and sets its share card: `card` when the page knows
 * its course (the app's pages, whose head may still carry the first page's og: tags), else the og:
 * tags the server wrote (the visitor pages).
 */
export async function setupWechatShare(card?: Omit<ShareData, 'link'>): Promise<void> {
  try {
    const link = location.href.split('#')[0]!;
    const query: InputOf<JsConfigCall> = { url: link };
    const res = await fetch(`${API_BASE}${Routes.auth.mpJsConfig}?${new URLSearchParams(query)}`);
    const answer = (await res.json()) as Envelope<OutputOf<JsConfigCall>>;
    if (answer.code !== 200) return;
    const wx = await loadJssdk();
    if (!wx) return;
    const { appId, timestamp, nonceStr, signature } = answer.data;
    wx.config({
      debug: false,
      appId,
      timestamp,
      nonceStr,
      signature,
      jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
    });
    const shared: ShareData = {
      title: card?.title ?? (meta('og:title') || document.title),
      desc: card?.desc ?? meta('og:description'),
      link,
      imgUrl: card?.imgUrl ?? meta('og:image'),
    };
    wx.ready(() => {
      wx.updateAppMessageShareData(shared);
      wx.updateTimelineShareData({ title: shared.title, link: shared.link, imgUrl: shared.imgUrl });
    });
  } catch {
    // No card: the page works as it is.
  }
}
