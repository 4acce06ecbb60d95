import { ROUTE_CHUNK_TIMEOUT_MS } from '@studio/contract/constants';
import type { ComponentType } from 'react';
import { withTimeout } from '../lib/with-timeout.ts';

/**
 * A route's `lazy`: loads the page's chunk, gives up after ROUTE_CHUNK_TIMEOUT_MS (seed §9) so the
 * route's error element can offer a retry instead of an endless spinner, and picks the named export.
 */
export const lazyPage =
  <K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) =>
  async (): Promise<{ Component: ComponentType }> => {
    const module = await withTimeout(load(), ROUTE_CHUNK_TIMEOUT_MS);
    return { Component: module[name] };
  };

/** What a route may say about itself; the main layout merges these over the matched routes. */
export interface RouteHandle {
  /** Embedded (iframe) previews: no header, no login. */
  bare?: boolean;
  /** Usable before a team is chosen (team selection, team creation, the personal centre). */
  noTeam?: boolean;
  /** Readable logged out: the public storefront (the list and a course's buy page). */
  visitor?: boolean;
}
