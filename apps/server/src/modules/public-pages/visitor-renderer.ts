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
  render: (model: PublicPageModel) => string;
};

const LANG_MARK = '<!--lang-->';
const APP_MARK = '<!--app-->';

export async function loadVisitorRenderer(webDist: string): Promise<VisitorRenderer | null> {
  const entry = path.join(path.dirname(path.resolve(webDist)), 'dist-ssr', 'entry-server.js');
  const templateFile = path.join(webDist, 'public.html');
  if (!existsSync(entry) || !existsSync(templateFile)) return null;
  const template = readFileSync(templateFile, 'utf8');
  if (!template.includes(LANG_MARK) || !template.includes(APP_MARK)) return null;
  const { renderPublicPage } = (await import(pathToFileURL(entry).href)) as {
    renderPublicPage: RenderPublicPage;
  };
  const [beforeApp, afterApp] = template.split(APP_MARK) as [string, string];
  return {
    // Split once, so no page content is ever read as a marker (or a `$&` replacement pattern).
    render: (model) => `${beforeApp.replace(LANG_MARK, model.lang)}${renderPublicPage(model)}${afterApp}`,
  };
}
