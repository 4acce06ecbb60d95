/**
 * The public pages' face (server-rendered share, certificate and store pages): nothing of
 * modules/public-pages is imported by another module; app.ts registers the pages.
 */
export { registerPublicPages } from './public-pages.routes.ts';
/** What a visitor's page holds, as data (tests of the modules whose content the pages show read it). */
export { courseView, shareView } from './public-pages.service.ts';
