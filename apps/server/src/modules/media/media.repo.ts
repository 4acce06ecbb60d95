/** The `media` table: the only place with its queries. */
import type { MediaRendition } from '@studio/contract';
import { and, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { media, type MediaRow } from '../../db/schema.ts';

export type NewMedia = Pick<MediaRow, 'teamId' | 'uploaderId' | 'uploadId' | 'name' | 'sizeBytes' | 'hlsKey'>;

/** The upload's row (the caller holds the team's quota lock: assets' `insertWithinAssetQuota`). */
export async function insertMedia(db: Db, row: NewMedia): Promise<MediaRow> {
  const [inserted] = await db.insert(media).values(row).returning();
  return inserted!;
}

export async function findMedia(db: Db, id: number): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row;
}

export async function findTeamMedia(db: Db, teamId: number, id: number): Promise<MediaRow | undefined> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, id), eq(media.teamId, teamId)));
  return row;
}

export async function findByUploadId(db: Db, uploadId: string): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(media).where(eq(media.uploadId, uploadId));
  return row;
}

/** The probed durations of some of a team's media (learning and the store ask; media.service.ts). */
export async function teamMediaDurations(db: Db, teamId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: media.id, durationMs: media.durationMs })
    .from(media)
    .where(and(eq(media.teamId, teamId), inArray(media.id, ids)));
}

/** Those of a team's media still arriving or being transcoded (not ready, not failed). */
export async function teamMediaUnfinished(db: Db, teamId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(
      and(
        eq(media.teamId, teamId),
        inArray(media.id, ids),
        inArray(media.status, ['uploading', 'processing']),
      ),
    );
  return rows.map((r) => r.id);
}

export async function deleteMedia(db: Db, id: number): Promise<void> {
  await db.delete(media).where(eq(media.id, id));
}

export type ProbedFields = Pick<
  MediaRow,
  'kind' | 'container' | 'durationMs' | 'width' | 'height' | 'hasAudio' | 'sizeBytes'
>;

/** The upload is complete and recognised: its transcoding may start. */
export async function markProcessing(db: Db, id: number, probed: ProbedFields): Promise<void> {
  await db
    .update(media)
    .set({ ...probed, status: 'processing', progress: 0, updatedAt: new Date() })
    .where(eq(media.id, id));
}

export async function setProgress(db: Db, id: number, progress: number): Promise<void> {
  await db
    .update(media)
    .set({ progress, updatedAt: new Date() })
    .where(and(eq(media.id, id), eq(media.status, 'processing')));
}

/**
 * The first rendition's first segments are stored and listed in its growing playlist: players may
 * follow it from now on (the master names it), while it is still being written.
 */
export async function markGrowing(db: Db, id: number, rendition: MediaRendition): Promise<void> {
  await db
    .update(media)
    .set({ renditions: [rendition], growing: rendition, updatedAt: new Date() })
    .where(and(eq(media.id, id), eq(media.status, 'processing')));
}

/** One more rendition is stored whole (a growing one closed): players may use it from now on. */
export async function addRendition(db: Db, id: number, renditions: MediaRendition[], progress: number) {
  await db
    .update(media)
    .set({ renditions, growing: null, progress, updatedAt: new Date() })
    .where(eq(media.id, id));
}

export async function markReady(db: Db, id: number): Promise<void> {
  await db
    .update(media)
    .set({ status: 'ready', progress: 100, updatedAt: new Date() })
    .where(eq(media.id, id));
}

export async function markFailed(db: Db, id: number, errorCode: number): Promise<void> {
  await db
    .update(media)
    .set({ status: 'failed', errorCode, renditions: [], growing: null, updatedAt: new Date() })
    .where(eq(media.id, id));
}

/** Uploads still unfinished after `before`: abandoned, their files expired by the upload store. */
export async function staleUploads(db: Db, before: Date): Promise<MediaRow[]> {
  return db
    .select()
    .from(media)
    .where(and(eq(media.status, 'uploading'), lt(media.createdAt, before)));
}

/** Finished media (ready or failed; never one being transcoded): what the unused-media sweep looks at. */
export async function finishedMedia(db: Db): Promise<MediaRow[]> {
  return db
    .select()
    .from(media)
    .where(inArray(media.status, ['ready', 'failed']));
}

/** Marks these media unused from `at` (those not marked yet), and clears the mark of those in use again. */
export async function markUnused(db: Db, unused: number[], used: number[], at: Date): Promise<void> {
  if (unused.length)
    await db
      .update(media)
      .set({ unusedSince: at })
      .where(and(inArray(media.id, unused), isNull(media.unusedSince)));
  if (used.length)
    await db
      .update(media)
      .set({ unusedSince: null })
      .where(and(inArray(media.id, used), isNotNull(media.unusedSince)));
}
