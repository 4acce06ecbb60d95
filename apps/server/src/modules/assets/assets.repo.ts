/**
 * What lesson assets (media and attachments) share in the database: the address secret, and the
 * quota's count and lock (the one quota reads both kinds' sizes here; each kind's other queries stay
 * in its own repo).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings, lessonAttachments, media } from '../../db/schema.ts';

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
 * Bytes the team's assets hold, by kind: media held or uploading (a failed upload holds nothing, its
 * files are gone), and attachments (those kept for a release included).
 */
export async function teamAssetBytes(db: Db, teamId: number): Promise<{ media: number; attachment: number }> {
  const [held] = await db
    .select({ used: sql<string>`coalesce(sum(${media.sizeBytes}), 0)` })
    .from(media)
    .where(and(eq(media.teamId, teamId), ne(media.status, 'failed')));
  const [attached] = await db
    .select({ used: sql<string>`coalesce(sum(${lessonAttachments.sizeBytes}), 0)` })
    .from(lessonAttachments)
    .where(eq(lessonAttachments.teamId, teamId));
  return { media: Number(held?.used ?? 0), attachment: Number(attached?.used ?? 0) };
}
