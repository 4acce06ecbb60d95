/** `lesson_attachments` and `lesson_attachment_releases`: the only place with their queries. */
import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  courseLessons,
  lessonAttachmentReleases,
  lessonAttachments,
  type LessonAttachmentRow,
} from '../../db/schema.ts';

export type NewAttachment = Pick<
  LessonAttachmentRow,
  | 'teamId'
  | 'courseId'
  | 'lessonId'
  | 'uploaderId'
  | 'name'
  | 'kind'
  | 'contentType'
  | 'sizeBytes'
  | 'storageKey'
>;

const live = (teamId: number) =>
  and(eq(lessonAttachments.teamId, teamId), isNull(lessonAttachments.deletedAt));

/** The draft lesson's attachments, in their order. */
export async function listLessonAttachments(
  db: Db,
  teamId: number,
  lessonId: number,
): Promise<LessonAttachmentRow[]> {
  return db
    .select()
    .from(lessonAttachments)
    .where(and(live(teamId), eq(lessonAttachments.lessonId, lessonId)))
    .orderBy(asc(lessonAttachments.position), asc(lessonAttachments.id));
}

/** The draft attachments of a course's existing lessons, by lesson and in their order (a share's page). */
export async function listCourseAttachments(db: Db, teamId: number, courseId: number) {
  return db
    .select({
      lessonId: lessonAttachments.lessonId,
      id: lessonAttachments.id,
      name: lessonAttachments.name,
      kind: lessonAttachments.kind,
      sizeBytes: lessonAttachments.sizeBytes,
    })
    .from(lessonAttachments)
    .innerJoin(courseLessons, eq(courseLessons.id, lessonAttachments.lessonId))
    .where(and(live(teamId), eq(lessonAttachments.courseId, courseId), eq(courseLessons.courseId, courseId)))
    .orderBy(asc(lessonAttachments.lessonId), asc(lessonAttachments.position), asc(lessonAttachments.id));
}

export async function findTeamAttachment(
  db: Db,
  teamId: number,
  id: number,
): Promise<LessonAttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(lessonAttachments)
    .where(and(live(teamId), eq(lessonAttachments.id, id)));
  return row;
}

/** Added after the lesson's others; the lesson's count is read in the same transaction (under the quota lock). */
export async function insertAttachment(
  db: Db,
  row: NewAttachment,
  perLesson: number,
): Promise<LessonAttachmentRow | 'full'> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int`, last: max(lessonAttachments.position) })
    .from(lessonAttachments)
    .where(and(live(row.teamId), eq(lessonAttachments.lessonId, row.lessonId)));
  if ((count?.n ?? 0) >= perLesson) return 'full';
  const [inserted] = await db
    .insert(lessonAttachments)
    .values({ ...row, position: (count?.last ?? -1) + 1 })
    .returning();
  return inserted!;
}

export async function renameAttachment(db: Db, id: number, name: string): Promise<void> {
  await db.update(lessonAttachments).set({ name }).where(eq(lessonAttachments.id, id));
}

export async function setAttachmentPositions(db: Db, teamId: number, lessonId: number, ids: number[]) {
  await db.transaction(async (tx) => {
    for (const [position, id] of ids.entries())
      await tx
        .update(lessonAttachments)
        .set({ position })
        .where(and(live(teamId), eq(lessonAttachments.lessonId, lessonId), eq(lessonAttachments.id, id)));
  });
}

/**
 * Takes an attachment off the draft. A release that lists it keeps it (and its file): the row is
 * only marked; otherwise it is deleted and the caller removes the file. Answers whether it was deleted.
 */
export async function removeAttachment(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ id: lessonAttachmentReleases.attachmentId })
      .from(lessonAttachmentReleases)
      .where(eq(lessonAttachmentReleases.attachmentId, id))
      .limit(1);
    if (held) {
      await tx.update(lessonAttachments).set({ deletedAt: new Date() }).where(eq(lessonAttachments.id, id));
      return false;
    }
    await tx.delete(lessonAttachments).where(eq(lessonAttachments.id, id));
    return true;
  });
}

/**
 * A new release publishes the draft's attachments of the course, names and order as they are now
 * (a deleted lesson's are not: the media sweep frees them).
 */
export async function snapshotAttachments(db: Db, courseId: number, releaseId: number): Promise<void> {
  await db.execute(sql`
    insert into ${lessonAttachmentReleases} (release_id, attachment_id, lesson_id, name, position)
    select ${releaseId}, id, lesson_id, name, position from ${lessonAttachments}
    where course_id = ${courseId} and deleted_at is null
      and exists (select 1 from ${courseLessons} where ${courseLessons.id} = ${lessonAttachments.lessonId})`);
}

/** A rollback publishes an earlier release again: its attachments as they were then. */
export async function copyReleaseAttachments(
  db: Db,
  fromReleaseId: number,
  releaseId: number,
): Promise<void> {
  await db.execute(sql`
    insert into ${lessonAttachmentReleases} (release_id, attachment_id, lesson_id, name, position)
    select ${releaseId}, attachment_id, lesson_id, name, position from ${lessonAttachmentReleases}
    where release_id = ${fromReleaseId}`);
}

export type ReleasedAttachmentRow = Pick<LessonAttachmentRow, 'id' | 'name' | 'kind' | 'sizeBytes'>;

/** A released lesson's attachments, as that release named and ordered them. */
export async function listReleasedAttachments(
  db: Db,
  releaseId: number,
  lessonId: number,
): Promise<ReleasedAttachmentRow[]> {
  return db
    .select({
      id: lessonAttachments.id,
      name: lessonAttachmentReleases.name,
      kind: lessonAttachments.kind,
      sizeBytes: lessonAttachments.sizeBytes,
    })
    .from(lessonAttachmentReleases)
    .innerJoin(lessonAttachments, eq(lessonAttachments.id, lessonAttachmentReleases.attachmentId))
    .where(
      and(eq(lessonAttachmentReleases.releaseId, releaseId), eq(lessonAttachmentReleases.lessonId, lessonId)),
    )
    .orderBy(asc(lessonAttachmentReleases.position), asc(lessonAttachments.id));
}

/** Every lesson's attachments in a release, by lesson and as that release named and ordered them. */
export async function listReleaseAttachments(db: Db, releaseId: number) {
  return db
    .select({
      lessonId: lessonAttachmentReleases.lessonId,
      id: lessonAttachments.id,
      name: lessonAttachmentReleases.name,
      kind: lessonAttachments.kind,
      sizeBytes: lessonAttachments.sizeBytes,
    })
    .from(lessonAttachmentReleases)
    .innerJoin(lessonAttachments, eq(lessonAttachments.id, lessonAttachmentReleases.attachmentId))
    .where(eq(lessonAttachmentReleases.releaseId, releaseId))
    .orderBy(
      asc(lessonAttachmentReleases.lessonId),
      asc(lessonAttachmentReleases.position),
      asc(lessonAttachments.id),
    );
}

/** One attachment of a released lesson, with what its download needs. */
export async function findReleasedAttachment(
  db: Db,
  releaseId: number,
  lessonId: number,
  attachmentId: number,
): Promise<(LessonAttachmentRow & { releasedName: string }) | undefined> {
  const [row] = await db
    .select({ attachment: lessonAttachments, releasedName: lessonAttachmentReleases.name })
    .from(lessonAttachmentReleases)
    .innerJoin(lessonAttachments, eq(lessonAttachments.id, lessonAttachmentReleases.attachmentId))
    .where(
      and(
        eq(lessonAttachmentReleases.releaseId, releaseId),
        eq(lessonAttachmentReleases.lessonId, lessonId),
        eq(lessonAttachmentReleases.attachmentId, attachmentId),
      ),
    );
  return row && { ...row.attachment, releasedName: row.releasedName };
}

/**
 * Attachments nothing refers to any more: their lesson deleted (or the attachment taken off the
 * draft) and no release listing them. Their files may go, then their rows.
 */
export async function orphanAttachments(db: Db): Promise<Pick<LessonAttachmentRow, 'id' | 'storageKey'>[]> {
  return db
    .select({ id: lessonAttachments.id, storageKey: lessonAttachments.storageKey })
    .from(lessonAttachments)
    .where(
      and(
        sql`(${lessonAttachments.deletedAt} is not null or not exists (
          select 1 from ${courseLessons} where ${courseLessons.id} = ${lessonAttachments.lessonId}))`,
        sql`not exists (select 1 from ${lessonAttachmentReleases}
          where ${lessonAttachmentReleases.attachmentId} = ${lessonAttachments.id})`,
      ),
    );
}

/** Deletes these rows unless a release came to list one meanwhile (a release copies under its own lock). */
export async function deleteOrphanAttachments(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(lessonAttachments).where(
    and(
      inArray(lessonAttachments.id, ids),
      sql`not exists (select 1 from ${lessonAttachmentReleases}
        where ${lessonAttachmentReleases.attachmentId} = ${lessonAttachments.id})`,
    ),
  );
}
