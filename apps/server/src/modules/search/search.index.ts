/**
 * Keeps the search documents current, in the writers' transactions so a crash never leaves a document
 * behind its course. The owning modules publish domain events (platform/domain-events.ts: a course
 * released, unreleased or deleted, a team renamed, a course's sales count changed) and
 * `subscribeSearchIndex` (wired in app.ts) rebuilds or updates the document there; what a course's
 * document holds is read through the `ListingSource` app.ts supplies, never from another module's
 * tables here, and no trigger of the search sits on another module's table (table-owners.test.ts).
 * `drainOutbox` builds what is queued in the search's own outbox (a migration's rebuild, an
 * operator's): at start and every few seconds (see app.ts), a batch per transaction, so a crash
 * mid-way loses nothing.
 */
import { COURSE_CATEGORY_NAMES, type CourseCategory } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import type { DomainEvents } from '../../platform/domain-events.ts';
import { bodyText, courseTerms, docGrams, teamKey } from './search-text.ts';
import { deleteDoc, renameTeam, setSales, takeQueued, unqueue, writeDoc } from './search.writes.ts';

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

/**
 * What the search reads of a course to build its document: its store version (the latest release)
 * and whether it is listed. Supplied when the app is built (app.ts, from the store's catalog), so the
 * search reads no other module's tables.
 */
export type Listing = {
  listed: boolean;
  teamId: number;
  teamName: string;
  sales: number;
  price: number;
  versionNo: number;
  releasedAt: Date;
  title: string;
  subtitle: string;
  cover: string;
  tags: string[];
  category: CourseCategory | null;
  summary: string;
  lessonTitles: string[];
  /** The media its lessons show: the card carries them, for its duration (store/course-media.ts). */
  mediaIds: number[];
};
export type ListingSource = (db: Db, courseId: number) => Promise<Listing | undefined>;

/** Rebuilds one course's document from its current release, or removes it when the course is not listed. */
export async function indexCourse(db: Db, source: ListingSource, courseId: number): Promise<void> {
  await unqueue(db, courseId);
  const src = await source(db, courseId);
  if (!src?.listed) return deleteDoc(db, courseId);
  const { body, terms } = docText(src);
  const key = teamKey(src.teamName);
  await writeDoc(
    db,
    {
      courseId,
      teamId: src.teamId,
      category: src.category,
      title: src.title,
      subtitle: src.subtitle,
      cover: src.cover,
      teamName: src.teamName,
      price: src.price,
      sales: src.sales,
      lessonCount: src.lessonTitles.length,
      versionNo: src.versionNo,
      releasedAt: src.releasedAt,
      body,
      teamKey: key,
      grams: docGrams(body, key),
      mediaIds: src.mediaIds,
    },
    terms,
  );
}

export const indexTeamName = (db: Db, teamId: number, teamName: string) =>
  renameTeam(db, teamId, teamName, teamKey(teamName));

/** Builds the queued documents, a batch per transaction; returns how many were built. */
export async function drainOutbox(db: Db, source: ListingSource, batch = 200): Promise<number> {
  let done = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const ids = await takeQueued(tx, batch);
      for (const id of ids) await indexCourse(tx, source, id);
      return ids.length;
    });
    done += n;
    if (n < batch) return done;
  }
}

/** The search's part of the app: its handlers of the domain events, and the outbox's drain. */
export function subscribeSearchIndex(events: DomainEvents, source: ListingSource) {
  const course = (db: Db, e: { courseId: number }) => indexCourse(db, source, e.courseId);
  events.on('course.released', course);
  events.on('course.unreleased', course);
  events.on('course.deleted', course);
  events.on('team.renamed', (db, e) => indexTeamName(db, e.teamId, e.teamName));
  events.on('sales.changed', (db, e) => setSales(db, e.courseId, e.sales));
  return { drainOutbox: (db: Db, batch?: number) => drainOutbox(db, source, batch) };
}
