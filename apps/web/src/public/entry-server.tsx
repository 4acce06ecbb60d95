/**
 * The server renderer of the public pages (built by `vite build --ssr` into apps/web/dist-ssr and
 * loaded by the server's public-pages module): a visitor's share page, buy page, phone preview and
 * store list as HTML, so they read before any script runs. React escapes every value it writes.
 */
import type { RenderPublicPage } from '@studio/contract';
import { renderToString } from 'react-dom/server';
import { PublicPage } from './public-page.tsx';

export const renderPublicPage: RenderPublicPage = (model) => renderToString(<PublicPage model={model} />);
