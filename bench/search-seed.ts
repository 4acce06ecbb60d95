/**
 * The store search's part of the bench seed: the search documents, terms and per-term counts of the
 * seeded courses, set-based, and the sizes they take.
 */
import pg from 'pg';
import { COURSE_CATEGORIES } from '@studio/contract';
import { docText } from '../apps/server/src/modules/search/index.ts';
import { docGrams } from '../apps/server/src/modules/search/search-text.ts';
import { PATTERNS, TOPICS } from './store-seed.ts';

const SUBTITLE = '讲透原理，配套练习与案例';
const TAGS = ['入门', '实战'];
const SUMMARY = '这门课面向希望系统学习的你：讲清原理，配上练习和案例，学完能独立完成一个小项目。';
const LESSON_TITLES = Array.from({ length: 8 }, (_, i) => `第 ${i + 1} 讲`);

/**
 * The search documents and terms of the courses from `firstNew` on, set-based: the app's own
 * `docText` runs once per distinct (title, category) of the seed (800 × 7), and SQL joins the result
 * to the courses. The term index is dropped and rebuilt around the bulk insert (a sorted build instead
 * of millions of single insertions); it ends identical to the migration's.
 */
export async function seedSearch(
  client: pg.Client,
  firstNew: number,
  lap: (what: string) => void,
): Promise<void> {
  const rows = {
    title: [] as string[],
    category: [] as string[],
    body: [] as string[],
    grams: [] as string[],
    terms: [] as string[],
  };
  const terms = {
    title: [] as string[],
    category: [] as string[],
    term: [] as string[],
    bucket: [] as number[],
  };
  for (const pattern of PATTERNS)
    for (const topic of TOPICS)
      for (const category of COURSE_CATEGORIES) {
        const title = pattern.replace('{t}', topic);
        const text = docText({
          title,
          subtitle: SUBTITLE,
          tags: TAGS,
          category,
          summary: SUMMARY,
          lessonTitles: LESSON_TITLES,
        });
        rows.title.push(title);
        rows.category.push(category);
        rows.body.push(text.body);
        rows.grams.push(JSON.stringify(docGrams(text.body)));
        rows.terms.push(JSON.stringify([...text.terms.keys()]));
        for (const [term, bucket] of text.terms) {
          terms.title.push(title);
          terms.category.push(category);
          terms.term.push(term);
          terms.bucket.push(bucket);
        }
      }
  await client.query(
    'create temp table bench_bodies (title text, category text, body text, grams text[], terms text[])',
  );
  await client.query(
    `insert into bench_bodies
     select t, c, b, array(select jsonb_array_elements_text(g::jsonb)), array(select jsonb_array_elements_text(k::jsonb))
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) as x(t, c, b, g, k)`,
    [rows.title, rows.category, rows.body, rows.grams, rows.terms],
  );
  // The team name's grams once per team; a document's grams are its body's and its team's.
  await client.query(
    `create temp table bench_team_grams as
     select id as team_id, studio_search_grams(lower(team_name)) as grams from teams where team_code like 'BENCH%'`,
  );
  await client.query('create temp table bench_terms (title text, category text, term text, bucket smallint)');
  await client.query(
    'insert into bench_terms select * from unnest($1::text[], $2::text[], $3::text[], $4::int2[])',
    [terms.title, terms.category, terms.term, terms.bucket],
  );
  await client.query('create index on bench_terms (title, category)');
  await client.query('analyze bench_bodies, bench_terms');
  // The gram index is built once after the load rather than grown row by row.
  await client.query('drop index store_search_docs_grams, store_search_docs_terms');
  await client.query(
    `insert into store_search_docs (course_id, team_id, category, title, subtitle, cover, team_name, price, sales,
                                    lesson_count, version_no, released_at, body, team_key, grams, terms)
     select c.id, c.team_id, c.category, c.title, c.subtitle, c.cover, t.team_name, r.price,
            coalesce(s.sales, 0), 8, 1, r.created_at, b.body, lower(t.team_name), b.grams || tg.grams, b.terms
     from courses c
     join course_releases r on r.course_id = c.id and r.version_no = 1
     left join course_sales s on s.course_id = c.id
     join teams t on t.id = c.team_id
     join bench_team_grams tg on tg.team_id = c.team_id
     join bench_bodies b on b.title = c.title and b.category = c.category
     where c.id >= $1`,
    [firstNew],
  );
  await client.query("set maintenance_work_mem = '512MB'");
  await client.query('create index store_search_docs_grams on store_search_docs using gin (grams)');
  await client.query(
    'create index store_search_docs_terms on store_search_docs using gin (terms) with (fastupdate = off)',
  );
  lap('search documents');
  await client.query(
    'alter table store_search_terms drop constraint store_search_terms_course_id_store_search_docs_course_id_fk',
  );
  await client.query('alter table store_search_terms drop constraint store_search_terms_pk');
  await client.query('drop index store_search_terms_rank');
  // The per-term counts (migration 0015) are summed once after the load, not by the trigger.
  await client.query('alter table store_search_terms disable trigger store_search_terms_added');
  await client.query(
    `insert into store_search_terms (term, course_id, bucket, sales, released_at)
     select bt.term, c.id, bt.bucket, coalesce(s.sales, 0), c.created_at
     from courses c join bench_terms bt on bt.title = c.title and bt.category = c.category
     left join course_sales s on s.course_id = c.id
     where c.id >= $1 and c.status = 'released'`,
    [firstNew],
  );
  await client.query('alter table store_search_terms enable trigger store_search_terms_added');
  await client.query(
    `insert into store_search_term_counts as c (term, docs)
     select term, count(*) from store_search_terms where course_id >= $1 group by term
     on conflict (term) do update set docs = c.docs + excluded.docs`,
    [firstNew],
  );
  lap('search terms inserted');
  await client.query("set maintenance_work_mem = '512MB'");
  await client.query(
    'alter table store_search_terms add constraint store_search_terms_pk primary key (course_id, term)',
  );
  await client.query(
    `create index store_search_terms_rank on store_search_terms
       (term, bucket, sales desc nulls last, released_at desc nulls last, course_id desc nulls last)`,
  );
  await client.query(
    `alter table store_search_terms add constraint store_search_terms_course_id_store_search_docs_course_id_fk
       foreign key (course_id) references store_search_docs (course_id) on delete cascade`,
  );
  lap('search term indexes');
  await client.query('drop table bench_bodies, bench_terms, bench_team_grams');
}

export type SearchSizes = {
  docsMb: number;
  docsIndexesMb: number;
  termsMb: number;
  termsIndexesMb: number;
  terms: number;
  /** store_search_term_counts with its index, and its rows (distinct terms). */
  countsMb: number;
  counts: number;
};

export async function searchSizes(databaseUrl: string): Promise<SearchSizes> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const mb = (n: unknown) => Math.round(Number(n) / 2 ** 20);
    const { rows } = await client.query(
      `select pg_table_size('store_search_docs') as docs, pg_indexes_size('store_search_docs') as docs_ix,
              pg_table_size('store_search_terms') as terms, pg_indexes_size('store_search_terms') as terms_ix,
              (select reltuples from pg_class where relname = 'store_search_terms') as n,
              pg_total_relation_size('store_search_term_counts') as counts_mb,
              (select count(*) from store_search_term_counts) as counts`,
    );
    const r = rows[0] as Record<string, unknown>;
    return {
      docsMb: mb(r.docs),
      docsIndexesMb: mb(r.docs_ix),
      termsMb: mb(r.terms),
      termsIndexesMb: mb(r.terms_ix),
      terms: Math.round(Number(r.n)),
      countsMb: Math.round((Number(r.counts_mb) / 2 ** 20) * 10) / 10,
      counts: Number(r.counts),
    };
  } finally {
    await client.end();
  }
}
