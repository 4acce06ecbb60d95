/** What lesson assets (media and attachments) share in the database: the address secret and the quota lock. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';

const URL_SECRET_KEY = 'asset_url_secret';

/** The key of every signed asset address's HMAC: made once, shared by every process through the database. */
export async function assetUrlSecret(db: Db, fresh: string): Promise<string> {
  await db.insert(appSettings).values({ key: URL_SECRET_KEY, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, URL_SECRET_KEY));
  return row!.value;
}

/** The team's quota lock: held by every insert that counts against MEDIA_QUOTA_BYTES, till its commit. */
export async function lockTeamQuota(tx: Db, teamId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('media-quota'), ${teamId})`);
}
