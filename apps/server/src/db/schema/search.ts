/**
 * The store search (modules/search): one document per listed course, kept by the release, unrelease,
 * sale and team-rename paths in their own transactions, and the terms that rank it.
 */
import type { CourseCategory } from '@studio/contract';
import { index, integer, pgTable, primaryKey, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ts } from './columns.ts';
import { courses } from './courses.ts';

/** A listed course as the store shows it (the card) plus its body text for the gram index. */
export const storeSearchDocs = pgTable(
  'store_search_docs',
  {
    courseId: integer('course_id')
      .primaryKey()
      .references(() => courses.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').notNull(),
    category: varchar('category', { length: 20 }).$type<CourseCategory>(),
    title: varchar('title', { length: 120 }).notNull(),
    subtitle: varchar('subtitle', { length: 240 }).notNull(),
    cover: text('cover').notNull(),
    teamName: varchar('team_name', { length: 60 }).notNull(),
    price: integer('price').notNull(),
    sales: integer('sales').notNull(),
    lessonCount: integer('lesson_count').notNull(),
    versionNo: integer('version_no').notNull(),
    releasedAt: ts('released_at').notNull(),
    /** Normalised tokens of the summary and lesson titles (search-text.ts `bodyText`). */
    body: text('body').notNull(),
    /** The team name's tokens, apart so a rename rewrites one column. */
    teamKey: text('team_key').notNull(),
    /**
     * The characters and character pairs of body and team name (search-text.ts `grams`, the same as
     * SQL's studio_search_grams), written by the app so a bulk load computes nothing per row.
     */
    grams: text('grams').array().notNull(),
    /**
     * The document's terms (the keys of its store_search_terms rows, migration 0016): their GIN index
     * intersects several words' documents at once, where the term index would probe one by one.
     */
    terms: text('terms').array().notNull(),
    /**
     * The media its release's lessons show (the store's `mediaIdsOf`, migration 0047): a card's
     * duration comes from these, so a store page reads no release beside its documents.
     */
    mediaIds: integer('media_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  (t) => [
    // One index per order the store offers.
    index('store_search_docs_newest').on(t.releasedAt.desc(), t.courseId.desc()),
    index('store_search_docs_sales').on(t.sales.desc(), t.releasedAt.desc(), t.courseId.desc()),
    index('store_search_docs_price_asc').on(t.price.asc(), t.courseId.desc()),
    index('store_search_docs_price_desc').on(t.price.desc(), t.courseId.desc()),
    // The same orders within a category (migration 0012): a category's deep page is an index range,
    // not a walk of the whole store's order skipping the other categories.
    index('store_search_docs_category_newest').on(t.category, t.releasedAt.desc(), t.courseId.desc()),
    index('store_search_docs_category_sales').on(
      t.category,
      t.sales.desc(),
      t.releasedAt.desc(),
      t.courseId.desc(),
    ),
    index('store_search_docs_category_price_asc').on(t.category, t.price.asc(), t.courseId.desc()),
    index('store_search_docs_category_price_desc').on(t.category, t.price.desc(), t.courseId.desc()),
    index('store_search_docs_team').on(t.teamId),
    index('store_search_docs_grams').using('gin', t.grams),
    index('store_search_docs_terms').using('gin', t.terms).with({ fastupdate: false }),
  ],
);

/**
 * The terms of a document's title (with its pinyin) and tags, each with its best relevance bucket
 * and the document's sales and release time, so one index range gives a term's matches best first.
 */
export const storeSearchTerms = pgTable(
  'store_search_terms',
  {
    term: text('term').notNull(),
    courseId: integer('course_id')
      .notNull()
      .references(() => storeSearchDocs.courseId, { onDelete: 'cascade' }),
    bucket: smallint('bucket').notNull(),
    sales: integer('sales').notNull(),
    releasedAt: ts('released_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'store_search_terms_pk', columns: [t.courseId, t.term] }),
    index('store_search_terms_rank').on(
      t.term,
      t.bucket,
      t.sales.desc(),
      t.releasedAt.desc(),
      t.courseId.desc(),
    ),
  ],
);

/**
 * How many documents hold each term (migration 0015): kept by statement triggers on
 * store_search_terms in the writer's transaction, so a one-word search knows its total without
 * walking the term's entries, and reads only its page.
 */
export const storeSearchTermCounts = pgTable('store_search_term_counts', {
  term: text('term').primaryKey(),
  docs: integer('docs').notNull(),
});

/**
 * How many documents there are in each category ('' for none; migration 0017): kept by statement
 * triggers on store_search_docs in the writer's transaction. A page with no keyword reads its total
 * here; read with the per-term counts, their sum tells which words of a keyword every document holds
 * among its terms (such a word constrains nothing).
 */
export const storeSearchDocCounts = pgTable('store_search_doc_counts', {
  category: varchar('category', { length: 20 }).primaryKey(),
  docs: integer('docs').notNull(),
});

/** Courses whose document must be rebuilt (the backfill after migration 0010, or any later rebuild). */
export const storeSearchOutbox = pgTable('store_search_outbox', {
  courseId: integer('course_id').primaryKey(),
  queuedAt: ts('queued_at').notNull().defaultNow(),
});
