/**
 * Backup and restore (src/ops/backup.ts): a populated app is backed up while it runs, restored into an
 * empty database and data folder, and a second app on the restored data serves the same session,
 * course and uploaded file; new rows get fresh ids.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { CourseDetail, StoreListPage } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { ensureDatabase } from '../src/db/embedded.ts';
import { connect, migrateDatabase } from '../src/db/client.ts';
import { backup, restore, RestoreRefused } from '../src/ops/backup.ts';
import { call, createCourse, createLesson, createTeam, createUser } from './factories.ts';
import { releasedCourse } from './store-factories.ts';
import { multipart, PNG_1X1 } from './images.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let source: TestApp;
let work: string;

/** An empty, migrated database of its own (what a new install has before its first start). */
async function emptyDatabase(): Promise<string> {
  const name = `studio_t_${inject('runId')}_bk${randomBytes(3).toString('hex')}`;
  await ensureDatabase(inject('adminUrl'), name);
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${name}`;
  const database = connect(url.toString(), 1);
  await migrateDatabase(database);
  await database.close();
  return url.toString();
}

beforeAll(async () => {
  source = await createTestApp();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-backup-'));
});
afterAll(async () => {
  await source.close();
  await fs.rm(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('brings back accounts, courses, sessions and files into an empty install', async () => {
    const user = await createUser(source);
    await createTeam(source, user.token, '备份团队');
    const course = await createCourse(source, user.token, '备份课程');
    const lesson = await createLesson(source, user.token, course.courseId, '备份课时');
    const form = multipart({ kind: 'cover' }, { name: 'c.png', body: PNG_1X1, type: 'image/png' });
    const upload = await source.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      payload: form.payload,
      headers: { ...form.headers, 'x-request-tkToken': user.token, 'x-request-tkForm': 'pc' },
    });
    const fileUrl = (upload.json() as { data: { url: string } }).data.url;
    expect(fileUrl).toMatch(/^\/api\/files\//);
    const served = (await source.app.inject({ method: 'GET', url: fileUrl })).rawPayload;
    // A released course: its search document, terms and the counts triggers keep are backed up too.
    const listed = await releasedCourse(source, user.token, '备份上架课', 100, 'other');

    const target = path.join(work, 'b1');
    const uploads = path.join(source.dataDir, 'uploads');
    const manifest = await backup(source.databaseUrl, uploads, target);
    // One upload is stored as its four variants (two sizes, each as PNG and WebP).
    expect(manifest.files).toEqual({ included: true, count: 4 });
    expect(manifest.tables.find((t) => t.name === 'courses')?.rows).toBe(2);
    // A backup folder is never overwritten.
    await expect(backup(source.databaseUrl, uploads, target)).rejects.toThrow(/already exists/);

    const restoredUrl = await emptyDatabase();
    const restoredDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-restored-'));
    await restore(restoredUrl, path.join(restoredDir, 'uploads'), target);
    const restored = await createTestApp({ DATA_DIR: restoredDir }, {}, { databaseUrl: restoredUrl });
    try {
      // The same token still opens the same account: sessions were restored.
      const detail = await call<CourseDetail>(restored, 'GET', '/course/detail', {
        token: user.token,
        query: { courseId: String(course.courseId) },
      });
      expect(detail.code).toBe(200);
      expect(detail.data.title).toBe('备份课程');
      expect(detail.data.lessons.map((l) => l.lessonId)).toEqual([lesson.lessonId]);
      const file = await restored.app.inject({ method: 'GET', url: fileUrl });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(served)).toBe(true);
      // The store finds it, and the counts the triggers keep are the source's, not added to twice.
      const found = await call<StoreListPage>(restored, 'GET', '/store/list', { query: { keyword: '备份' } });
      expect(found.data.list.map((c) => c.courseId)).toEqual([listed]);
      const counts = (app: TestApp) =>
        app.app.ctx.db.execute(
          sql`select (select json_object_agg(category, docs order by category) from store_search_doc_counts) as docs,
                     (select json_object_agg(term, docs order by term) from store_search_term_counts) as terms`,
        );
      expect((await counts(restored)).rows).toEqual((await counts(source)).rows);
      expect((await counts(restored)).rows[0]).toMatchObject({ docs: { other: 1 } });
      // Ids continue after the restored rows.
      const next = await createCourse(restored, user.token, '恢复后新建');
      expect(next.courseId).toBeGreaterThan(course.courseId);
    } finally {
      await restored.close();
      await fs.rm(restoredDir, { recursive: true, force: true });
    }
  });

  it('refuses to replace a database that has accounts unless forced, and refuses while it is in use', async () => {
    const target = path.join(work, 'b2');
    await backup(source.databaseUrl, null, target);
    // The source app is running on its database: connected, and it has accounts.
    await expect(restore(source.databaseUrl, null, target)).rejects.toBeInstanceOf(RestoreRefused);
    const url = await emptyDatabase();
    await restore(url, null, target);
    await expect(restore(url, null, target)).rejects.toThrow(/already has accounts/);
    await restore(url, null, target, { force: true });
  });

  it('runs as `npm run backup` / `npm run restore` against the configured database', async () => {
    const run = promisify(execFile);
    const cli = (script: string, args: string[], env: Record<string, string>) =>
      run(process.execPath, [`src/cli/${script}.ts`, ...args], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: { PATH: process.env.PATH, ...env },
        timeout: 60_000,
      });
    // A database that has accounts and nobody connected: the CLI must refuse it without --force.
    // Made in this process, so the refusal runs beside the backup: each CLI start loads the
    // server's database layer (drizzle: over a second on a quiet machine), and three in a row
    // were most of this test's time on a busy one.
    const prior = path.join(work, 'cli-prior');
    await backup(source.databaseUrl, null, prior);
    const withAccounts = await emptyDatabase();
    await restore(withAccounts, null, prior);

    const target = path.join(work, 'cli');
    const [out, refused] = await Promise.all([
      cli('backup', [target], { DATABASE_URL: source.databaseUrl, DATA_DIR: source.dataDir }),
      cli('restore', [prior], { DATABASE_URL: withAccounts, DATA_DIR: path.join(work, 'cli-refused') }).catch(
        (err: { code: number; stderr: string }) => err,
      ),
    ]);
    expect(out.stdout).toMatch(/backup written to .*cli: \d+ tables, \d+ rows, \d+ files/);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/restore refused: .*--force/) });

    const url = await emptyDatabase();
    const back = await cli('restore', [target], { DATABASE_URL: url, DATA_DIR: path.join(work, 'cli-data') });
    expect(back.stdout).toMatch(/^restored /);
    // Three processes of ≈ 4 CPU-seconds each (Node loads drizzle's ESM build at 1.7 s of that): 9 s
    // alone, past 30 s beside the other test workers on CI's two cores (it failed there at 30 s), so its
    // budget is that of the other tests that start processes (processes.test.ts).
  }, 120_000);
});
