/**
 * What lesson assets (media and attachments) share in the database: the address secret, and the
 * quota's count and lock (the one quota reads both kinds' sizes here; each kind's other queries stay
 * in its own repo).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings, attachmentHeldBytes, mediaHeldBytes } from '../../db/schema.ts';

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

/**
 * Bytes the team's assets hold, by kind, as each kind's owner counts them (media's `media_held_bytes`:
 * held or uploading, a failed upload holds nothing; attachments' `attachment_held_bytes`: those kept
 * for a release included).
 */
export async function teamAssetBytes(db: Db, teamId: number): Promise<{ media: number; attachment: number }> {
  const [held] = await db
    .select({ used: sql<string>`coalesce(sum(${mediaHeldBytes.sizeBytes}), 0)` })
    .from(mediaHeldBytes)
    .where(eq(mediaHeldBytes.teamId, teamId));
  const [attached] = await db
    .select({ used: sql<string>`coalesce(sum(${attachmentHeldBytes.sizeBytes}), 0)` })
    .from(attachmentHeldBytes)
    .where(eq(attachmentHeldBytes.teamId, teamId));
  return { media: Number(held?.used ?? 0), attachment: Number(attached?.used ?? 0) };
}
