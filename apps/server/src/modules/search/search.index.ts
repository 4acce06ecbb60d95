/**
 * Keeps the search documents current, in the writers' transactions so a crash never leaves a document
 * behind its course: release and unrelease call `indexCourse`, a team rename `indexTeamName`; sales,
 * and any change made outside the app, are handled by the triggers of migration 0010, which update
 * the document or queue the course in the outbox. `drainOutbox` builds what is queued: at start and
 * every few seconds (see app.ts), a batch per transaction, so a crash mid-way loses nothing.
 */
import { COURSE_CATEGORY_NAMES, type CourseCategory } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { bodyText, courseTerms, docGrams, teamKey } from './search-text.ts';
import { findLatestRelease } from '../store/catalog.repo.ts';
import { deleteDoc, renameTeam, takeQueued, unqueue, writeDoc } from './search.writes.ts';

/** What a course's fields give the search: its body text and its ranked terms (the bench seeds with it too). */
export function docText(f: {
  title: string;
  subtitle: string;
  tags: string[];
  category: CourseCategory | null;
  summary: string;
  lessonTitles: string[];
}): { body: string; terms: Map<string, number> } {
  const c = f.category;
  const categoryName = c ? `${COURSE_CATEGORY_NAMES[c].zh} ${COURSE_CATEGORY_NAMES[c].en}` : '';
  return {
    // What the terms do not hold; a query word is always cut to what the terms can hold (queryWords).
    body: bodyText([f.summary, ...f.lessonTitles]),
    terms: courseTerms({ title: f.title, subtitle: f.subtitle, tags: f.tags, categoryName }),
  };
}

/** Rebuilds one course's document from its current release, or removes it when the course is not listed. */
export async function indexCourse(db: Db, courseId: number): Promise<void> {
  await unqueue(db, courseId);
  const src = await findLatestRelease(db, courseId);
  if (!src?.listed) return deleteDoc(db, courseId);
  const { release } = src;
  const { snapshot } = release;
  const { body, terms } = docText({
    title: snapshot.title,
    subtitle: snapshot.subtitle,
    tags: snapshot.tags ?? [],
    category: snapshot.category ?? null,
    summary: snapshot.summary,
    lessonTitles: snapshot.lessons.map((l) => l.title),
  });
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
      price: release.price,
      sales: src.sales,
      lessonCount: snapshot.lessons.length,
      versionNo: release.versionNo,
      releasedAt: release.createdAt,
      body,
      teamKey: teamKey(src.teamName),
      grams: docGrams(body, teamKey(src.teamName)),
    },
    terms,
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
