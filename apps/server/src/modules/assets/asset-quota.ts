/**
 * The team's one storage quota (MEDIA_QUOTA_BYTES) over its lesson assets, media and attachments
 * alike: what they hold, and an insert of either kind that passes only within it.
 */
import type { Db } from '../../db/client.ts';
import { lockTeamQuota, teamAssetBytes } from './assets.repo.ts';

/** Bytes the team's media and attachments hold together. */
export async function assetBytes(db: Db, teamId: number): Promise<number> {
  const held = await teamAssetBytes(db, teamId);
  return held.media + held.attachment;
}

/**
 * Runs `insert` (a row of `bytes` more, of either kind) when the team's quota allows it, under one
 * per-team lock, so two uploads (a video and a file, say) cannot both pass the last free bytes.
 * Answers the bytes in use when refused.
 */
export function insertWithinAssetQuota<T>(
  db: Db,
  quota: { teamId: number; bytes: number; quotaBytes: number },
  insert: (tx: Db) => Promise<T>,
): Promise<{ value: T } | { usedBytes: number }> {
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await lockTeamQuota(tx, quota.teamId);
    const usedBytes = await assetBytes(tx, quota.teamId);
    if (usedBytes + quota.bytes > quota.quotaBytes) return { usedBytes };
    return { value: await insert(tx) };
  });
}
