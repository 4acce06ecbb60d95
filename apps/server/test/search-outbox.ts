/**
 * The store search's outbox drained now, as the app does every few seconds (app.ts): for tests that
 * queue documents with plain SQL and must not wait for the app's timer.
 */
import type { Db } from '../src/db/client.ts';
import { DomainEvents } from '../src/platform/domain-events.ts';
import { subscribeSearchIndex } from '../src/modules/search/index.ts';
import { searchListing } from '../src/modules/store/catalog.service.ts';

export const drainSearchOutbox = (db: Db): Promise<number> =>
  subscribeSearchIndex(new DomainEvents(), searchListing).drainOutbox(db);
