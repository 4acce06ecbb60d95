/** Live co-editing's settings (modules/collab), part of config.ts's schema. */
import { z } from 'zod';

export const COLLAB_ENV = {
  /** Live co-editing (`/api/collab`): open sockets one address may hold. */
  COLLAB_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().positive().default(50),
  /** The largest message a co-editing client may send (bytes). */
  COLLAB_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  /** The largest Yjs state of a lesson (bytes): the 512 KB JSON limit with room for Yjs's bookkeeping. */
  COLLAB_MAX_DOC_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(256 * 1024 * 1024)
    .default(2 * 1024 * 1024),
  /** What the server may have queued for one client that does not read before it is closed (bytes). */
  COLLAB_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(256 * 1024 * 1024)
    .default(4 * 1024 * 1024),
  /** How often open connections are checked against sessions, memberships and lessons (ms). */
  COLLAB_RECHECK_MS: z.coerce.number().int().min(50).max(60_000).default(3000),
  /** How long a live lesson waits after a change before it is stored (ms; at most 5× this). */
  COLLAB_STORE_DEBOUNCE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /**
   * With REDIS_URL: how long a release or a preview waits for the other processes to store the live
   * lessons they hold (ms); a process that does not answer delays the read by this much, no more.
   */
  COLLAB_FLUSH_WAIT_MS: z.coerce.number().int().min(50).max(30_000).default(2000),
};
