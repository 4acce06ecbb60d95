/**
 * The share card of an app page inside WeChat (a member's buy, share and phone preview pages): the
 * same JSSDK set-up as the visitor pages (public/wechat-share.ts), loaded only inside WeChat, with
 * the course's own title, summary and cover (the head's og: tags are the first page's after the app
 * moves on). Outside WeChat nothing loads.
 */
import { useEffect } from 'react';

export type ShareCard = { title: string; summary: string; cover: string };

export function useWechatShare(card: ShareCard | undefined): void {
  const title = card?.title;
  const summary = card?.summary ?? '';
  const cover = card?.cover ?? '';
  useEffect(() => {
    if (title === undefined || !/MicroMessenger/i.test(navigator.userAgent)) return;
    void import('../lib/wechat-share.ts').then((m) =>
      m.setupWechatShare({
        title,
        desc: summary,
        imgUrl: cover ? new URL(cover, window.location.href).href : '',
      }),
    );
  }, [title, summary, cover]);
}
