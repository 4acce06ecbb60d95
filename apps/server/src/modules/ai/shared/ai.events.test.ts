/**
 * The job log as a stream reader sees it: lessons written side by side append at the same time, and
 * a reader that follows by id (as the SSE stream does) must still get every event.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, type Database } from '../../../db/client.ts';
import { createTeam, createUser } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { eventsAfter, insertEvent, insertJob } from '../jobs/ai.repo.ts';

let t: TestApp;
let writers: Database;

beforeAll(async () => {
  t = await createTestApp();
  writers = connect(t.databaseUrl, 12);
});
afterAll(async () => {
  await writers?.close();
  await t?.close();
});

it('a reader following the log by id misses nothing while many writers append at once', async () => {
  const user = await createUser(t);
  const { teamId } = await createTeam(t, user.token);
  const job = await insertJob(t.app.ctx.db, {
    teamId,
    userId: user.userId,
    status: 'generating',
    request: { topic: '并发日志' } as never,
    generatorKind: 'template',
    generatorLabel: 'template',
  });
  const WRITERS = 12;
  const EACH = 40;
  let writing = true;
  const written = Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; i < EACH; i++)
        await insertEvent(writers.db, job.id, 'text-delta', { idx: w, text: `${w}-${i}` });
    }),
  ).finally(() => (writing = false));

  // Follow like the stream: read what is after the last id seen, again and again (bounded).
  const seen: number[] = [];
  let last = 0;
  for (let round = 0; round < 20_000 && (writing || round === 0); round++) {
    for (const e of await eventsAfter(t.app.ctx.db, job.id, last)) {
      seen.push(e.id);
      last = e.id;
    }
  }
  await written;
  for (const e of await eventsAfter(t.app.ctx.db, job.id, last)) seen.push(e.id);

  const all = (await eventsAfter(t.app.ctx.db, job.id, 0, 10_000)).map((e) => e.id);
  expect(all).toHaveLength(WRITERS * EACH);
  expect(seen).toEqual(all);
}, 60_000);
