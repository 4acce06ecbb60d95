/** Where data is kept: the data folder, PostgreSQL (embedded or not) and Redis; part of config.ts's schema. */
import { z } from 'zod';
import { optionalUrl } from './config-common.ts';

export const DATABASE_ENV = {
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: optionalUrl,
  /** A read replica of DATABASE_URL for the store search's reads (docs/deploy.md). */
  SEARCH_DATABASE_URL: optionalUrl,
  /**
   * Connections of the app's main pool per process. Each write waits for its commit's WAL flush
   * while holding its connection, and PostgreSQL flushes the commits waiting at that moment together:
   * with more connections waiting, more commits share each flush (docs/deploy.md counts them). 10 by
   * default: 20 raised the database's own commit ceiling in the bench but no endpoint's rate on a
   * 2-core machine, and each process's share of `max_connections` matters once there are several.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(200).default(10),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  /** The embedded cluster's shared_buffers in MB; unset, a quarter of the memory, 128 MB to 2 GB. */
  EMBEDDED_PG_SHARED_BUFFERS_MB: z.coerce.number().int().min(16).max(65536).optional(),
  REDIS_URL: optionalUrl,
  REDIS_KEY_PREFIX: z.string().min(1).max(40).default('studio:'),
};
