/**
 * The head of a public page's HTML: what a link shows when it is pasted into WeChat or found by a
 * search engine (title, description, Open Graph card, canonical address). The built index.html is the
 * template; its title and description are replaced, and every value is escaped.
 */
import { escapeHtml } from '../../platform/html-page.ts';

export const SITE_NAME = '课程工作室';
export const SITE_DESCRIPTION = '课程工作室：团队协作创作课程，AI 辅助创课，课程商城';
const DESCRIPTION_MAX = 160;
/** A card's picture when the course has none: the site's icon, in PNG (WeChat's cards show no SVG). */
export const SHARE_ICON = '/icon-512.png';

export type PageHead = {
  /** 404 for what does not exist (or is not public), 410 for a revoked or expired share. */
  status: 200 | 404 | 410;
  title: string;
  description: string;
  /** The page's own path; canonical and og:url point at `canonicalPath` when another page says it best. */
  path: string;
  canonicalPath?: string;
  /** A cover: an absolute URL or a path on this server. */
  image?: string | null;
  /** Kept out of search engines though it exists (always so when the status is not 200). */
  noindex?: boolean;
};

/** One line of at most DESCRIPTION_MAX characters, as a card shows it. */
export const describe = (...texts: (string | null | undefined)[]): string => {
  const text = texts
    .find((t) => t && t.trim() !== '')
    ?.replace(/\s+/g, ' ')
    .trim();
  if (!text) return SITE_DESCRIPTION;
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
};

const absolute = (origin: string, url: string) =>
  /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;

export function headTags(head: PageHead, origin: string): string {
  const title = head.status === 200 ? `${head.title} - ${SITE_NAME}` : head.title;
  const url = `${origin}${head.canonicalPath ?? head.path}`;
  const image = absolute(origin, head.image || SHARE_ICON);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
  if (head.status === 200 && !head.noindex) tags.push(`<link rel="canonical" href="${escapeHtml(url)}" />`);
  else tags.push('<meta name="robots" content="noindex" />');
  return tags.join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta name="description"[^>]*>\s*/;
const HEAD = /<head(\s[^>]*)?>/i;
const DOCTYPE = /^\s*<!doctype[^>]*>/i;

/** The template with the page's head in place of its own title and description (or first in its head). */
export function withHead(template: string, tags: string): string {
  const html = template.replace(DESCRIPTION, '');
  if (TITLE.test(html)) return html.replace(TITLE, () => tags);
  if (HEAD.test(html)) return html.replace(HEAD, (head) => `${head}\n    ${tags}`);
  // Never before the doctype: that would put the page in quirks mode.
  return DOCTYPE.test(html) ? html.replace(DOCTYPE, (d) => `${d}\n${tags}`) : `${tags}\n${html}`;
}
