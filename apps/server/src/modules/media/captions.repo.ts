/** The `media_captions` table: the only place with its queries. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaCaptions, type MediaCaptionRow } from '../../db/schema.ts';

export type CaptionMeta = Omit<MediaCaptionRow, 'vtt'>;
const META = {
  id: mediaCaptions.id,
  mediaId: mediaCaptions.mediaId,
  teamId: mediaCaptions.teamId,
  lang: mediaCaptions.lang,
  label: mediaCaptions.label,
  cueCount: mediaCaptions.cueCount,
  createdAt: mediaCaptions.createdAt,
};

/** A media's captions, without their text, in the order they were added. */
export function mediaCaptionList(db: Db, mediaId: number): Promise<CaptionMeta[]> {
  return db
    .select(META)
    .from(mediaCaptions)
    .where(eq(mediaCaptions.mediaId, mediaId))
    .orderBy(asc(mediaCaptions.id));
}

export async function captionOfMedia(
  db: Db,
  mediaId: number,
  id: number,
): Promise<MediaCaptionRow | undefined> {
  const [row] = await db
    .select()
    .from(mediaCaptions)
    .where(and(eq(mediaCaptions.id, id), eq(mediaCaptions.mediaId, mediaId)));
  return row;
}

/**
 * A language's captions, made or replaced in one statement (so a failed upload leaves what was there)
 * while the media has fewer than `max` languages; undefined when it is full.
 */
export async function upsertCaption(
  db: Db,
  row: Pick<MediaCaptionRow, 'mediaId' | 'teamId' | 'lang' | 'label' | 'vtt' | 'cueCount'>,
  max: number,
): Promise<CaptionMeta | undefined> {
  return db.transaction(async (tx) => {
    // One upload of a media at a time: the count below then holds until this one is written.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('media_captions'), ${row.mediaId})`);
    const others = await tx
      .select({ lang: mediaCaptions.lang })
      .from(mediaCaptions)
      .where(eq(mediaCaptions.mediaId, row.mediaId));
    if (!others.some((o) => o.lang === row.lang) && others.length >= max) return undefined;
    const [written] = await tx
      .insert(mediaCaptions)
      .values(row)
      .onConflictDoUpdate({
        target: [mediaCaptions.mediaId, mediaCaptions.lang],
        set: { label: row.label, vtt: row.vtt, cueCount: row.cueCount, createdAt: sql`now()` },
      })
      .returning(META);
    return written;
  });
}

/** Removes a caption of the team; false when there is none such. */
export async function deleteTeamCaption(db: Db, teamId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(mediaCaptions)
    .where(and(eq(mediaCaptions.id, id), eq(mediaCaptions.teamId, teamId)))
    .returning({ id: mediaCaptions.id });
  return gone.length > 0;
}
