/**
 * Training at team scale (issue 46): a team of 2,000 members in one group, 50 learning tasks on
 * the group (the demo team's bought course; half the members completed it), measured with
 * autocannon against the real server: the OWNER's task report (its headline figures), the first
 * page of its members (20 of 2,000, as the report's table asks), a member's 50 tasks as the OWNER's
 * per-member report reads them and as the member's 我的任务 does, with a bare Fastify route as the
 * ceiling (first and last). Then an exam of 100 questions (imported from an
 * .xlsx as an OWNER would) that 200 members, each with a started paper, hand in at once: the time
 * of each hand-in (100 answers graded and stored), p50/p99/max.
 * `BENCH_ONLY=training npm run bench` runs just this.
 */
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import pg from 'pg';
import { freePort, startServer } from '../e2e/support/server.ts';
import { apiAs, apiLogin } from '../e2e/support/session.ts';
import { get, measure, table, type Row } from './load.ts';

const MEMBERS = 2_000;
const TASKS = 50;
const QUESTIONS = 100;
const TAKERS = 200;

type Seeded = { teamId: number; taskIds: number[]; userIds: number[]; tokens: string[] };

/** The members, their group and the tasks, written straight into the server's database. */
async function seedTeam(databaseUrl: string): Promise<Seeded> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const team = await client.query<{ id: number }>("select id from teams where team_code = 'DEMO88'");
    const teamId = team.rows[0]!.id;
    const course = await client.query<{ course_id: number; title: string }>(
      `select e.course_id, c.title from entitlements e join courses c on c.id = e.course_id
       where e.team_id = $1 limit 1`,
      [teamId],
    );
    const { course_id: courseId, title } = course.rows[0]!;
    const tokens = Array.from({ length: MEMBERS }, () => randomBytes(32).toString('base64url'));
    await client.query('begin');
    const users = await client.query<{ id: number }>(
      `insert into users (phone, nick_name, last_team_id)
       select '168' || lpad(i::text, 8, '0'), '培训学员' || i, $1 from generate_series(1, $2) i returning id`,
      [teamId, MEMBERS],
    );
    const ids = users.rows.map((r) => r.id);
    await client.query(
      "insert into team_members (team_id, user_id, role) select $1, unnest($2::int[]), 'MEMBER'",
      [teamId, ids],
    );
    await client.query(
      `insert into sessions (user_id, token_hash, expires_at)
       select unnest($1::int[]), unnest($2::text[]), now() + interval '1 day'`,
      [ids, tokens.map((t) => createHash('sha256').update(t).digest('hex'))],
    );
    // Half of them completed the course (what learning's completion wrote).
    await client.query(
      `insert into learning_courses (team_id, user_id, course_id, completed_at)
       select $1, u, $2, now() from unnest($3::int[]) u on conflict do nothing`,
      [teamId, courseId, ids.filter((_, i) => i % 2 === 0)],
    );
    const group = await client.query<{ id: number }>(
      "insert into training_groups (team_id, name) values ($1, '全员') returning id",
      [teamId],
    );
    const groupId = group.rows[0]!.id;
    await client.query(
      'insert into training_group_members (group_id, user_id) select $1, unnest($2::int[])',
      [groupId, ids],
    );
    const tasks = await client.query<{ id: number }>(
      `insert into training_tasks (team_id, title, required, start_day, due_day)
       select $1, '任务' || i, true, current_date - 10, current_date + (i % 20) - 5
       from generate_series(1, $2) i returning id`,
      [teamId, TASKS],
    );
    const taskIds = tasks.rows.map((r) => r.id);
    await client.query(
      `insert into training_task_courses (task_id, course_id, title, position)
       select unnest($1::int[]), $2, $3, 0`,
      [taskIds, courseId, title],
    );
    await client.query('insert into training_task_groups (task_id, group_id) select unnest($1::int[]), $2', [
      taskIds,
      groupId,
    ]);
    await client.query('commit');
    await client.query('vacuum analyze');
    return { teamId, taskIds, userIds: ids, tokens };
  } finally {
    await client.end();
  }
}

/** The question bank's template with 100 true/false questions (answer 对), as an OWNER imports it. */
async function bankXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('题库');
  const blanks = Array.from({ length: 8 }, () => '');
  sheet.addRow([
    '题型',
    '题干',
    ...'ABCDEFGH'.split('').map((l) => `选项${l}`),
    '答案',
    '解析',
    '标签',
    '难度',
  ]);
  for (let i = 1; i <= QUESTIONS; i++)
    sheet.addRow(['判断', `压测判断题 ${i}`, ...blanks, '对', '', '压测', '易']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const headersOf = (token: string) => ({
  'content-type': 'application/json',
  'x-request-tkToken': token,
  'x-request-tkForm': 'pc',
});

async function post<T>(baseUrl: string, token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: headersOf(token),
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** 200 started papers of a 100-question exam, handed in at once; each hand-in's time in ms. */
async function examRush(baseUrl: string, ownerToken: string, tokens: string[]) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await bankXlsx())]), '题库.xlsx');
  const imported = await fetch(`${baseUrl}/api/exam/question/import`, {
    method: 'POST',
    headers: { 'x-request-tkToken': ownerToken, 'x-request-tkForm': 'pc' },
    body: form,
  });
  const importBody = (await imported.json()) as { code: number; msg: string };
  if (importBody.code !== 200) throw new Error(`import: ${importBody.code} ${importBody.msg}`);
  const list = await fetch(
    `${baseUrl}/api/exam/question/list?pageNum=1&pageSize=100&keyword=${encodeURIComponent('压测判断题')}`,
    {
      headers: headersOf(ownerToken),
    },
  );
  const questions = ((await list.json()) as { data: { list: { questionId: number }[] } }).data.list;
  const exam = await post<{ examId: number }>(baseUrl, ownerToken, '/exam/create', {
    title: '压测考试',
    timeLimitMinutes: 60,
    maxAttempts: 1,
    passPercent: 60,
    shuffleQuestions: true,
    shuffleOptions: false,
    showAnswers: 'afterSubmit',
    source: { mode: 'list', questionIds: questions.map((q) => q.questionId) },
  });
  const takers = tokens.slice(0, TAKERS);
  const papers: { attemptId: number; questions: { questionId: number }[] }[] = [];
  for (let i = 0; i < takers.length; i += 20) {
    papers.push(
      ...(await Promise.all(
        takers
          .slice(i, i + 20)
          .map((t) =>
            post<(typeof papers)[number]>(baseUrl, t, '/exam/attempt/start', { examId: exam.examId }),
          ),
      )),
    );
  }
  const times = await Promise.all(
    takers.map(async (token, i) => {
      const paper = papers[i]!;
      const started = performance.now();
      await post(baseUrl, token, '/exam/attempt/submit', {
        attemptId: paper.attemptId,
        answers: paper.questions.map((q, n) => ({ questionId: q.questionId, answer: n % 4 !== 0 })),
      });
      return performance.now() - started;
    }),
  );
  const sorted = times.sort((a, b) => a - b);
  return { questions: questions.length, p50: pct(sorted, 50), p99: pct(sorted, 99), max: sorted.at(-1)! };
}

export async function trainingSection(): Promise<string> {
  const bare = Fastify();
  bare.get('/json', async () => ({ code: 200, msg: '成功', data: { status: 'ok' } }));
  const barePort = await freePort();
  await bare.listen({ port: barePort, host: '127.0.0.1' });
  const env = { LOG_LEVEL: 'warn', TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '1000000' };
  const server = await startServer('bench-training', env);
  try {
    const owner = await apiLogin(server.baseUrl, '13800000000', 'demo1234');
    const seeded = await seedTeam(server.databaseUrl);
    const taskId = seeded.taskIds[0]!;
    // Reachable: the report and its first page answer (a wrong seed would make every row an error).
    await apiAs(server.baseUrl, owner, `/training/report/task?taskId=${taskId}`);
    const page = await apiAs<{ total: number; list: unknown[] }>(
      server.baseUrl,
      owner,
      `/training/report/task/members?taskId=${taskId}&pageNum=1&pageSize=20`,
    );
    if (page.total !== MEMBERS || page.list.length !== 20) throw new Error(`members page: ${page.total}`);
    const ownerHeaders = { 'x-request-tkToken': owner.token, 'x-request-tkForm': 'pc' };
    const memberHeaders = { 'x-request-tkToken': seeded.tokens[1]!, 'x-request-tkForm': 'pc' };
    const bareJson = () => get(`http://127.0.0.1:${barePort}/json`);
    const rows: Row[] = [await measure('bare Fastify JSON route (ceiling), first', bareJson)];
    const api = (path: string, headers: Record<string, string>) => () =>
      get(`${server.baseUrl}/api/training/${path}`, headers);
    const assignees = `${MEMBERS.toLocaleString('en')} assignees`;
    rows.push(
      await measure(
        `GET /api/training/report/task (${assignees}: the figures)`,
        api(`report/task?taskId=${taskId}`, ownerHeaders),
      ),
      await measure(
        `GET /api/training/report/task/members (${assignees}: the first page of 20)`,
        api(`report/task/members?taskId=${taskId}&pageNum=1&pageSize=20`, ownerHeaders),
      ),
      await measure(
        `GET /api/training/report/member (a member's ${TASKS} tasks, the OWNER's report)`,
        api(`report/member?userId=${seeded.userIds[1]!}`, ownerHeaders),
      ),
      await measure(
        `GET /api/training/task/mine (a member with ${TASKS} tasks)`,
        api('task/mine', memberHeaders),
      ),
    );
    rows.push(await measure('bare Fastify JSON route (ceiling), last', bareJson));
    const ceiling = (rows[0]!.rps + rows.at(-1)!.rps) / 2;
    const rush = await examRush(server.baseUrl, owner.token, seeded.tokens);
    return `Command: \`BENCH_ONLY=training npm run bench\`. The demo team grown to ${MEMBERS.toLocaleString('en')} members in one group, ${TASKS} tasks on the group (its bought course; half the members completed it), written straight into the real server's database; autocannon as in the HTTP section, the ceiling a bare Fastify route (mean of first and last, ${Math.round(ceiling)} req/s). The task report answers its figures only; its members come a page at a time (the report's table asks 20), each page still reading every member's standing.

${table(rows, ceiling)}

**Exam rush**: ${rush.questions} true/false questions imported from an .xlsx, an exam of all of them (shuffled); ${TAKERS} members each start a paper, then all ${TAKERS} hand in at once with ${rush.questions} answers each (graded and stored by the server): p50 ${Math.round(rush.p50)} ms, **p99 ${Math.round(rush.p99)} ms**, max ${Math.round(rush.max)} ms. Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}.`;
  } finally {
    await server.stop();
    await bare.close();
  }
}
