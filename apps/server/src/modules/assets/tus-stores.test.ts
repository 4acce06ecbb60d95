/**
 * The S3 upload store's stand-in (LazyS3Store): tus reads its extensions and expiration before the
 * first call loads the real store, so they must be the real store's. Uploads through it on S3 are in
 * media-s3.test.ts and attachment-s3.test.ts.
 */
import { expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { createS3Store } from './tus-s3-store.ts';
import { createTusStore, LazyS3Store } from './tus-stores.ts';

const config = {
  storage: 's3',
  dataDir: '/nonexistent',
  S3_BUCKET: 'bucket',
  S3_REGION: 'us-east-1',
  S3_ENDPOINT: 'http://127.0.0.1:9',
  S3_FORCE_PATH_STYLE: true,
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
} as Config;

it("tells tus the S3 store's extensions and expiration before the store has loaded", () => {
  const kind = { folder: 'uploads', prefix: 'x', expiryHours: 2 };
  const { datastore } = createTusStore(config, kind);
  expect(datastore).toBeInstanceOf(LazyS3Store);
  const real = createS3Store(config, /^x[a-f0-9]{32}$/, 'x', 2 * 3600_000);
  expect(datastore.extensions).toEqual(real.extensions);
  expect(datastore.getExpiration()).toBe(real.getExpiration());
});
