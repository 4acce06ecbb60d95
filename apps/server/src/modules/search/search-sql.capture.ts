/**
 * Captures the SQL the store search runs, for search.sql.md (search.sql.test.ts): the real code of
 * each read and write, run against a recording stand-in for the pool that answers each statement from
 * a scenario (the planner's estimate, the gram statistics, the word counts) and an empty page
 * otherwise. No database is needed; a scenario picks which branch of the planner is taken.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { format } from 'sql-formatter';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { COUNT_CAP } from './search.repo.ts';

export type Captured = { name?: string; text: string };

/** What the stand-in answers the planner's reads with; every other statement gets no rows. */
export type Answers = {
  /** The planner's estimate of documents (pg_class). */
  docs?: number;
  /** Grams every document's body holds (pg_stats): a word made of them is "common in bodies". */
  commonGrams?: string[];
  /** The word counts statement's answer: per word [terms, bodies], then documents, then all-terms (-1: not read). */
  counts?: { words: [number, number][]; docs: number; allTerms: number; ids?: number[] };
};

/** A drizzle handle over a pool that records each statement (named or not) and answers from `answers`. */
export function recordingDb(answers: Answers): { db: Db; statements: Captured[] } {
  const statements: Captured[] = [];
  const pool = {
    // named() in search.repo.ts takes a pool by these two.
    totalCount: 0,
    async query(config: string | { text: string; name?: string }) {
      const text = typeof config === 'string' ? config : config.text;
      const name = typeof config === 'string' ? undefined : config.name;
      statements.push({ ...(name && { name }), text });
      return { rows: rowsFor(text, answers), rowCount: 0, fields: [], command: 'SELECT' };
    },
  };
  return { db: drizzle(pool as never, { schema }) as unknown as Db, statements };
}

function rowsFor(text: string, a: Answers): unknown[] {
  if (text.includes('from pg_class')) return [{ n: a.docs ?? 100_000 }];
  if (text.includes('from pg_stats')) {
    const e = a.commonGrams ?? [];
    return [{ e, f: e.map(() => 0.5) }];
  }
  if (text.includes('with w as materialized') && a.counts) {
    const { words, docs, allTerms, ids } = a.counts;
    return [
      {
        n: [...words.flat(), docs, allTerms],
        ids: allTerms >= 0 && allTerms < COUNT_CAP ? (ids ?? []) : null,
      },
    ];
  }
  return [];
}

/**
 * A statement as search.sql.md shows it: laid out by sql-formatter (PostgreSQL), one clause a line; a
 * multi-row insert shows its first row (how many follow depends on the data, not the shape).
 */
export const layout = (text: string): string =>
  format(
    text.replace(
      /values (\(\$\d+(?:, \$\d+)*\))(?:, \(\$\d+(?:, \$\d+)*\))+/,
      'values $1 /* and one such row per further term, up to 1,000 a statement */',
    ),
    { language: 'postgresql', keywordCase: 'lower', expressionWidth: 100 },
  );
