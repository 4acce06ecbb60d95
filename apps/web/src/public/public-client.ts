/**
 * The only script of a visitor's public page (the page itself is server-rendered HTML):
 * - someone logged in (a session in localStorage, but no member cookie yet, e.g. logged in before
 *   the cookie existed) gets the app instead: the cookie is set and the page reloads once;
 * - the language the page is in becomes the app's, so the login page that follows speaks it;
 * - the page's islands (the store's search box, the login card) are hydrated once the page has
 *   loaded: React loads only on a page that has one, and each island's component only on a page
 *   that shows it;
 * - inside WeChat only, the share card (public/wechat-share.ts: JSSDK wx.config and the card);
 * - a media block's play button loads the player (React, the player, hls.js) on the press, not before.
 */
import { USER_INFO_STORAGE_KEY } from '@studio/contract/constants';
import { hasMemberCookie, setLangCookie, setMemberCookie } from '../lib/cookies.ts';
import { LANG_STORAGE_KEY } from '../lib/i18n/lang-key.ts';
import { isIslandName, islandsIn, loadIsland } from './island-components.ts';
import '../screens/screens.css';
import '../screens/store-list.css';
import './public.css';
import '../components/content-view/content-view.css';
// The login card's styles (inlined in the page with the rest): it paints before its island loads.
import '../features/auth/login/login-card.css';

try {
  if (localStorage.getItem(USER_INFO_STORAGE_KEY) && !hasMemberCookie()) {
    setMemberCookie(true);
    location.reload();
  }
  const lang = document.documentElement.lang;
  localStorage.setItem(LANG_STORAGE_KEY, lang);
  setLangCookie(lang);
} catch {
  // Storage blocked (private mode): the page works as it is.
}

// The islands load once the page has (its cover images included), so their scripts never compete
// with the content for a slow network: the first paint and the largest one come before any of them.
// Until then the search box is a plain GET form and the login card's buttons are off.
const hydrate = () => {
  const islands = islandsIn(document);
  // The islands' components load beside React and the hydrating script, not after them.
  for (const name of islands.map((el) => el.dataset.island)) if (isIslandName(name)) void loadIsland(name);
  if (islands.length > 0) void import('./islands.tsx').then((m) => m.hydrateIslands());
};
// And after the frame that paints them: scripts fetched before the largest paint is on screen count
// against it in Lighthouse's model of a slow phone (the store list's LCP was 470 ms later than without
// an island), while an idle callback right after load costs a person nothing they could notice.
const afterPaint = () =>
  'requestIdleCallback' in window ? requestIdleCallback(hydrate, { timeout: 500 }) : setTimeout(hydrate, 0);
if (document.readyState === 'complete') afterPaint();
else addEventListener('load', afterPaint, { once: true });

// Inside WeChat only: the share card (JSSDK), in a chunk of its own, so other visitors never load it.
if (/MicroMessenger/i.test(navigator.userAgent)) {
  void import('../lib/wechat-share.ts').then((m) => m.setupWechatShare());
}

// A lesson's video or audio: the page holds a play button; the player's script loads when it is pressed.
document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest?.('[data-media-play]');
  const block = button?.closest<HTMLElement>('[data-media]');
  if (!block || block.dataset.mounted !== undefined) return;
  event.preventDefault();
  block.setAttribute('aria-busy', 'true');
  void import('../components/media-player/public-player.tsx').then((m) => m.mountPublicPlayer(block));
});
