/**
 * The public pages' face (server-rendered share, certificate and store pages): nothing of
 * modules/public-pages is imported by another module; app.ts registers the pages.
 */
export { registerPublicPages } from './public-pages.routes.ts';
