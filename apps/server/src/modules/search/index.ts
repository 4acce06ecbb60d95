/**
 * What the store search offers the rest of the server; nothing else of this folder is imported from
 * outside it. The search imports no other module: it is fed by domain events and its outbox
 * (search.index.ts) and reads a course's store version through the `ListingSource` app.ts hands in.
 */
export { PgStoreSearch, type FoundPage, type StoreSearch, type StoreSearchQuery } from './store-search.ts';
export { docText, subscribeSearchIndex, type Listing, type ListingSource } from './search.index.ts';
