/**
 * `@studio/contract/constants`: every part of the contract that is plain values — codes, messages,
 * constants and limits, API paths, the content sanitizer — without zod or the schemas. The web app's
 * first load imports from here, so zod (about 30 KB gzipped) only loads with the pages that validate.
 * The package root (`@studio/contract`) exports all of this too, plus the schemas.
 */
export * from './codes.ts';
export * from './messages.ts';
export * from './constants.ts';
export * from './images.ts';
export * from './routes.ts';
export * from './content-sanitizer.ts';
export * from './quiz.ts';
export { LOGIN_WAYS, type LoginWay, type PublicPageModel, type RenderPublicPage } from './public-page.ts';
export * from './store-list-address.ts';
export * from './price.ts';
export * from './china-time.ts';
