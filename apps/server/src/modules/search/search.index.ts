/**
 * Keeps the search documents current, in the writers' transactions so a crash never leaves a document
 * behind its course: release and unrelease call `indexCourse`, a team rename `indexTeamName`; sales,
 * and any change made outside the app, are handled by the triggers of migration 0010, which update
 * the document or queue the course in the outbox. `drainOutbox` builds what is queued: at start and
 * every few seconds (see app.ts), a batch per transaction, so a crash mid-way loses nothing.
 */
import { COURSE_CATEGORY_NAMES } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { bodyText, courseTerms, teamKey } from './search-text.ts';
import {
  deleteDoc,
  loadSource,
  renameTeam,
  takeQueued,
  unqueue,
  writeDoc,
  type DocSource,
} from './search.repo.ts';

const categoryName = (s: DocSource) => {
  const c = s.snapshot.category;
  return c ? `${COURSE_CATEGORY_NAMES[c].zh} ${COURSE_CATEGORY_NAMES[c].en}` : '';
};

/** Rebuilds one course's document from its current release, or removes it when the course is not listed. */
export async function indexCourse(db: Db, courseId: number): Promise<void> {
  await unqueue(db, courseId);
  const src = await loadSource(db, courseId);
  if (!src?.listed) return deleteDoc(db, courseId);
  const { snapshot } = src;
  const tags = snapshot.tags ?? [];
  await writeDoc(
    db,
    {
      courseId,
      teamId: src.teamId,
      category: snapshot.category ?? null,
      title: snapshot.title,
      subtitle: snapshot.subtitle,
      cover: snapshot.cover,
      teamName: src.teamName,
      price: src.price,
      sales: src.sales,
      lessonCount: snapshot.lessons.length,
      versionNo: src.versionNo,
      releasedAt: src.releasedAt,
      // Every field again, so a word the term index cannot hold (a long or odd one) is still found.
      body: bodyText([
        snapshot.title,
        snapshot.subtitle,
        ...tags,
        categoryName(src),
        snapshot.summary,
        ...snapshot.lessons.map((l) => l.title),
      ]),
      teamKey: teamKey(src.teamName),
    },
    courseTerms({
      title: snapshot.title,
      subtitle: snapshot.subtitle,
      tags,
      categoryName: categoryName(src),
    }),
  );
}

export const indexTeamName = (db: Db, teamId: number, teamName: string) =>
  renameTeam(db, teamId, teamName, teamKey(teamName));

/** Builds the queued documents, a batch per transaction; returns how many were built. */
export async function drainOutbox(db: Db, batch = 200): Promise<number> {
  let done = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const ids = await takeQueued(tx, batch);
      for (const id of ids) await indexCourse(tx, id);
      return ids.length;
    });
    done += n;
    if (n < batch) return done;
  }
}
