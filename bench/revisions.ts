/**
 * Lesson history storage: a simulated working day on one lesson through the real API (an author
 * autosaving as they write, the text growing), with the revisions' coalescing window moved on by
 * ageing their timestamps between windows. Measures what PostgreSQL stores per revision (the jsonb
 * as written, and after its TOAST compression) and per lesson after the day, and after pruning.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../apps/server/src/db/schema.ts';
import { pruneRevisions } from '../apps/server/src/modules/courses/lesson-history.repo.ts';
import { startServer } from '../e2e/support/server.ts';
import { apiAs, apiLogin } from '../e2e/support/session.ts';
import { lessonDoc } from './store-seed.ts';

/** 8 hours in 5-minute windows (the coalescing window), 10 autosaves in each. */
const WINDOWS = 96;
const SAVES_PER_WINDOW = 10;

type Sizes = { revisions: number; raw: number; stored: number; table: number; last: number };

async function sizesOf(client: pg.Client, lessonId: number): Promise<Sizes> {
  const { rows } = await client.query<{ n: number; raw: number; stored: number; last: number }>(
    `select count(*)::int n, sum(octet_length(content::text))::bigint raw,
            sum(pg_column_size(content))::bigint stored,
            (select pg_column_size(content) from lesson_revisions where lesson_id = $1 order by id desc limit 1) last
       from lesson_revisions where lesson_id = $1`,
    [lessonId],
  );
  const table = await client.query<{ bytes: number }>(
    `select pg_total_relation_size('lesson_revisions')::bigint bytes`,
  );
  const r = rows[0]!;
  return {
    revisions: r.n,
    raw: Number(r.raw),
    stored: Number(r.stored),
    table: Number(table.rows[0]!.bytes),
    last: r.last,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function revisionsSection(): Promise<string> {
  // The save route allows 240 a minute per address; each window's saves come from its own (as in
  // the lesson saves above, behind a trusted proxy), since a real day spreads them over 8 hours.
  const server = await startServer('bench-revisions', { LOG_LEVEL: 'warn', TRUST_PROXY: 'true' });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const owner = await apiLogin(server.baseUrl, '13800000000', 'demo1234');
    const api = <T>(path: string, body?: unknown) => apiAs<T>(server.baseUrl, owner, path, body);
    const course = await api<{ courseId: number }>('/course/create', { title: '历史存储测量' });
    const lesson = await api<{ lessonId: number; version: number }>('/lesson/create', {
      courseId: course.courseId,
      title: '一天的编辑',
    });
    let version = lesson.version;
    // The lesson grows by a block per save: about a long lesson's length by the end of the day.
    // Each added block is a new paragraph of generated sentences (no repeats for the compressor).
    const paragraphs = Array.from(
      { length: 400 },
      (_, i) => (lessonDoc(i + 2) as { content: object[] }).content[1]!,
    );
    const blocks = (n: number) => {
      const doc = lessonDoc(1, true) as { type: string; content: object[] };
      return { type: 'doc', content: [...doc.content, ...paragraphs.slice(0, n)] };
    };
    let saves = 0;
    const started = Date.now();
    for (let w = 0; w < WINDOWS; w++) {
      for (let s = 0; s < SAVES_PER_WINDOW; s++) {
        const res = await fetch(`${server.baseUrl}/api/lesson/save`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-request-tkToken': owner.token,
            'x-request-tkForm': 'pc',
            'x-forwarded-for': `10.0.${w}.1`,
          },
          body: JSON.stringify({
            lessonId: lesson.lessonId,
            version,
            content: blocks(Math.floor(saves / 4)),
          }),
        });
        const saved = ((await res.json()) as { data: { version: number } }).data;
        version = saved.version;
        saves++;
      }
      // The window has passed: the next save opens a new revision.
      await client.query(
        `update lesson_revisions set created_at = created_at - interval '6 minutes' where lesson_id = $1`,
        [lesson.lessonId],
      );
    }
    const saveMs = (Date.now() - started) / saves;
    const day = await sizesOf(client, lesson.lessonId);
    const compression = await client.query<{ setting: string }>(
      `select current_setting('default_toast_compression') setting`,
    );
    // Each coalesced save rewrote its revision; the old row versions wait for (auto)vacuum.
    const beforeVacuum = day.table;
    await client.query('vacuum lesson_revisions');
    const vacuumed = await sizesOf(client, lesson.lessonId);
    // After the 30 days of keeping everything, pruning leaves the day's last revision.
    await client.query(
      `update lesson_revisions set created_at = created_at - interval '31 days' where lesson_id = $1`,
      [lesson.lessonId],
    );
    const pruned = await pruneRevisions(drizzle(client, { schema }), new Date());
    const after = await sizesOf(client, lesson.lessonId);
    return `One lesson edited for a simulated day through the real API (the server as \`npm start\` runs it, embedded PostgreSQL 18): ${WINDOWS} five-minute windows × ${SAVES_PER_WINDOW} autosaves = ${saves} saves, the text growing from ${kb(Buffer.byteLength(JSON.stringify(blocks(0))))} to ${kb(Buffer.byteLength(JSON.stringify(blocks(Math.floor((saves - 1) / 4)))))} of JSON; between windows the revisions' timestamps are moved back, so each window is one revision (the coalescing rule). PostgreSQL compresses each revision's jsonb when it is over ~2 KB (TOAST, \`default_toast_compression\` = ${compression.rows[0]!.setting}).

| measure | value |
| --- | --- |
| saves / revisions kept | ${saves} / ${day.revisions} |
| mean save round trip (with its revision write) | ${saveMs.toFixed(1)} ms |
| per revision: JSON as written (mean) | ${kb(day.raw / day.revisions)} |
| per revision: stored, compressed (mean) | ${kb(day.stored / day.revisions)} (${((100 * day.stored) / day.raw).toFixed(0)} % of the JSON) |
| per lesson after the day: content stored | ${kb(day.stored)} (JSON ${kb(day.raw)}) |
| \`lesson_revisions\` on disk (table, TOAST, indexes; the demo data's few revisions too) | ${kb(beforeVacuum)} before vacuum (a coalesced save leaves its old row version), ${kb(vacuumed.table)} after \`vacuum\` (space kept for reuse) |
| after 30 days, pruned to one a day: revisions / stored | ${after.revisions} / ${kb(after.stored)} (${pruned} removed) |

So a day of steady writing on one long lesson costs about ${kb(day.stored)} for the month it is kept whole, then ${kb(after.last)} a day. The disk figure is mostly old row versions: a coalesced save rewrites its revision (as it rewrites the lesson row), and vacuum keeps that space for reuse rather than returning it.`;
  } finally {
    await client.end();
    await server.stop();
  }
}
