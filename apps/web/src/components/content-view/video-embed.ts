/**
 * Video links in lesson content are stored as the page URL the author pasted. Known hosts become an
 * embedded player; anything else stays a plain link, so no unknown site is ever framed.
 */

/** Player URLs we produce, and the only iframe sources the content renderer lets through. */
export const EMBED_PREFIXES = [
  'https://player.bilibili.com/player.html?',
  'https://www.youtube-nocookie.com/embed/',
  'https://v.qq.com/txp/iframe/player.html?',
  'https://player.youku.com/embed/',
] as const;

const parse = (value: string): URL | null => {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
};

const hostIs = (url: URL, ...hosts: string[]): boolean =>
  hosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));

const bilibili = (url: URL): string | null => {
  const match = /^\/video\/(BV[0-9A-Za-z]{10}|av\d{1,12})\/?$/.exec(url.pathname);
  if (!match?.[1]) return null;
  const id = match[1];
  const page = Number(url.searchParams.get('p') ?? '1');
  const params = new URLSearchParams(id.startsWith('BV') ? { bvid: id } : { aid: id.slice(2) });
  params.set('page', String(Number.isInteger(page) && page > 0 ? page : 1));
  params.set('autoplay', '0');
  return `https://player.bilibili.com/player.html?${params.toString()}`;
};

const YOUTUBE_ID = /^[\w-]{11}$/;
const youtube = (url: URL): string | null => {
  let id: string | null;
  if (hostIs(url, 'youtu.be')) id = url.pathname.slice(1);
  else if (url.pathname === '/watch') id = url.searchParams.get('v');
  else id = /^\/(?:embed|shorts|live)\/([\w-]+)/.exec(url.pathname)?.[1] ?? null;
  return id && YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
};

const tencent = (url: URL): string | null => {
  const vid =
    /^\/x\/(?:cover\/\w+|page)\/([A-Za-z0-9]{6,20})\.html$/.exec(url.pathname)?.[1] ??
    url.searchParams.get('vid');
  return vid && /^[A-Za-z0-9]{6,20}$/.test(vid) ? `https://v.qq.com/txp/iframe/player.html?vid=${vid}` : null;
};

const youku = (url: URL): string | null => {
  const id = /^\/v_show\/id_([A-Za-z0-9=]{6,40})\.html$/.exec(url.pathname)?.[1];
  return id ? `https://player.youku.com/embed/${id}` : null;
};

/** The player URL for a video page on a known host, or null (then the video shows as a link). */
export const toEmbedUrl = (pageUrl: unknown): string | null => {
  if (typeof pageUrl !== 'string') return null;
  const url = parse(pageUrl);
  if (!url) return null;
  if (hostIs(url, 'bilibili.com')) return bilibili(url);
  if (hostIs(url, 'youtube.com', 'youtu.be', 'youtube-nocookie.com')) return youtube(url);
  if (hostIs(url, 'v.qq.com')) return tencent(url);
  if (hostIs(url, 'v.youku.com')) return youku(url);
  return null;
};

/** Whether an iframe source is one of the players above (checked again after sanitizing). */
export const isEmbedSrc = (src: string | null | undefined): boolean =>
  typeof src === 'string' && EMBED_PREFIXES.some((prefix) => src.startsWith(prefix));

/** Video page URLs an author may insert: http(s) only. */
export const isVideoPageUrl = (value: string): boolean => parse(value) !== null;
