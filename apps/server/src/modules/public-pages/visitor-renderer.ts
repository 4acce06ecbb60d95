/**
 * The web build's server renderer of the visitor's public pages (apps/web/dist-ssr, made by
 * `npm run build` next to dist) and its template (dist/public.html). Either missing (a build from
 * before, a test's fake build): the public pages answer with the app, as signed-in users get it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicPageModel, RenderPublicPage } from '@studio/contract';

export type VisitorRenderer = {
  /** The whole document: the template with the page's language and body; the head goes in after. */
  render: (model: PublicPageModel) => Promise<string>;
};

const LANG_MARK = '<!--lang-->';
const APP_MARK = '<!--app-->';
const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[\w.-]+\.css)"[^>]*>/g;
/** Above this, a stylesheet stays a file (cached across pages) rather than going into every page. */
const INLINE_CSS_MAX = 32 * 1024;

/**
 * The template's stylesheets written into it: the page paints from its first response, one round
 * trip sooner on a slow phone network (the CSP allows inline styles; the files are a few KB).
 */
export function inlineStyles(template: string, webDist: string): string {
  return template.replace(STYLESHEET, (link, href: string) => {
    const file = path.join(webDist, href);
    if (!existsSync(file)) return link;
    const css = readFileSync(file, 'utf8');
    return css.length > INLINE_CSS_MAX ? link : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

export async function loadVisitorRenderer(webDist: string): Promise<VisitorRenderer | null> {
  const entry = path.join(path.dirname(path.resolve(webDist)), 'dist-ssr', 'entry-server.js');
  const templateFile = path.join(webDist, 'public.html');
  if (!existsSync(entry) || !existsSync(templateFile)) return null;
  const template = inlineStyles(readFileSync(templateFile, 'utf8'), webDist);
  if (!template.includes(LANG_MARK) || !template.includes(APP_MARK)) return null;
  // The renderer (React and the pages, ≈ 5 MB of heap) loads with the first visitor's page: a
  // server that only answers the app and its API never holds it.
  let renderer: Promise<RenderPublicPage> | null = null;
  const [beforeApp, afterApp] = template.split(APP_MARK) as [string, string];
  return {
    // Split once, so no page content is ever read as a marker (or a `$&` replacement pattern).
    render: async (model) => {
      renderer ??= import(pathToFileURL(entry).href).then(
        (m: { renderPublicPage: RenderPublicPage }) => m.renderPublicPage,
      );
      return `${beforeApp.replace(LANG_MARK, model.lang)}${(await renderer)(model)}${afterApp}`;
    },
  };
}
