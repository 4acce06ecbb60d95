/**
 * Web first load and Lighthouse, on the real server serving a production build of apps/web.
 *
 * - First load: headless Chromium (playwright-core) opens a route at phone size with an empty cache
 *   and records every request, and every script's body, until the network is idle and the page has
 *   rendered (no loading placeholder, no skeleton). Each body is gzipped here at level 9 (what the build's precompressed
 *   `.gz` files use; nginx's `gzip_comp_level` defaults to 1 and would send a few per cent more) and
 *   brotli-compressed at quality 11 (the build's `.br` files); the target is on the gzip figure.
 * - Lighthouse 13, default (mobile) config, performance and accessibility, simulated throttling, in
 *   Debian's Chromium launched by chrome-launcher with a fresh profile per run. Median of runs.
 *
 * The build goes to a temporary folder, so apps/web/dist is left alone. `BENCH_WEB_BASELINE=<folder>`
 * (a copy of the previous commit's tree with its own packages: `git archive <commit> | tar -x -C
 * .tmp/base-web && (cd .tmp/base-web && npm ci)`; `BENCH_WEB_BASELINE_NAME` names it in the report)
 * builds and serves that version too, so the public pages are compared in one run: its own server
 * and web build with its own Vite, antd and React, each with its own embedded PostgreSQL and demo data.
 * Everything is on 127.0.0.1 and bounded in time.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { UserInfo } from '@studio/contract';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { ROOT, startServer } from '../e2e/support/server.ts';
import { apiLogin, useSession } from '../e2e/support/session.ts';
import { withDeadline } from './deadline.ts';
import { LH_RUNS, lighthouseMedian, lighthouseTable, type LhResult } from './lighthouse.ts';
import { WHY_NOTES } from './web-notes.ts';

const BUDGET_KB = 150;
const BUILD_TIMEOUT_MS = 300_000;
const PAGE_TIMEOUT_MS = 60_000;
const DEMO = { phone: '13800000000', password: 'demo1234' };

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

const runNode = async (args: string[], cwd: string, what: string) => {
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const code = await withDeadline(
    new Promise<number | null>((resolve) => child.once('exit', resolve)),
    BUILD_TIMEOUT_MS,
    what,
  ).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw err;
  });
  if (code !== 0) throw new Error(`${what} failed (${code}):\n${output}`);
};

/**
 * `npm run build`'s steps (the app, then the public pages' client part and their server renderer,
 * which a version from before them does not have) into a temporary folder: `<folder>/dist`,
 * `<folder>/dist-ssr`.
 */
async function buildWeb(webRoot: string): Promise<string> {
  const out = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-webdist-'));
  // The tree's own Vite (a baseline tree has its own node_modules, with the versions it had).
  const own = path.join(webRoot, '../../node_modules/vite/bin/vite.js');
  const vite = existsSync(own) ? own : path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const quiet = ['--emptyOutDir', '--logLevel', 'warn'];
  await runNode([vite, 'build', '--outDir', path.join(out, 'dist'), ...quiet], webRoot, 'vite build');
  if (existsSync(path.join(webRoot, 'public.html'))) {
    const publicBuild = [
      'build',
      '--mode',
      'public',
      '--outDir',
      path.join(out, 'dist'),
      '--logLevel',
      'warn',
    ];
    await runNode([vite, ...publicBuild], webRoot, 'vite build --mode public');
  }
  const entry = 'src/public/entry-server.tsx';
  if (existsSync(path.join(webRoot, entry))) {
    const ssr = ['build', '--ssr', entry, '--outDir', path.join(out, 'dist-ssr'), ...quiet];
    await runNode([vite, ...ssr], webRoot, 'vite build --ssr');
  }
  return out;
}

type Script = { url: string; raw: number; gzip: number; brotli: number; sent: number };
type Load = {
  label: string;
  path: string;
  finalPath: string;
  scripts: Script[];
  css: Script[];
  /** Every request of the load, whatever its kind (document, script, style, image, font, API). */
  requests: number;
};

const compressSizes = (body: Buffer) => ({
  raw: body.length,
  gzip: gzipSync(body, { level: 9 }).length,
  brotli: brotliCompressSync(body, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
  }).length,
});

/**
 * The page has rendered: a server-rendered public page (its content is in the HTML), or the app with
 * something in #root, no loading placeholder (a spinner in a role=status), nothing busy, no skeleton.
 * (A status line alone, like the editor's 已保存, is content.)
 */
const rendered = (): boolean => {
  if (document.querySelector('.pp-main')) return true;
  const root = document.getElementById('root');
  return (
    !!root &&
    root.childElementCount > 0 &&
    !root.querySelector('[role="status"] .ant-spin') &&
    !root.querySelector('[aria-busy="true"]') &&
    !root.querySelector('.ant-skeleton')
  );
};

/** A phone, as the buyers who arrive from a shared link use. */
const PHONE = { width: 390, height: 844 };

async function firstLoad(
  browser: Browser,
  baseUrl: string,
  label: string,
  route: string,
  user?: UserInfo,
): Promise<Load> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'zh-CN' });
  if (user) await useSession(context, user);
  const page = await context.newPage();
  let requests = 0;
  page.on('request', () => requests++);
  const pending: Promise<{ kind: 'js' | 'css'; script: Script } | null>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null);
        if (!body) return null;
        const sizes = await response
          .request()
          .sizes()
          .catch(() => ({ responseBodySize: body.length }));
        return {
          kind: type === 'script' ? 'js' : 'css',
          script: {
            url: new URL(response.url()).pathname,
            ...compressSizes(body),
            sent: sizes.responseBodySize,
          },
        };
      })(),
    );
  });
  try {
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle', timeout: PAGE_TIMEOUT_MS });
    await page.waitForFunction(rendered, undefined, { timeout: PAGE_TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: PAGE_TIMEOUT_MS });
    const finalPath = new URL(page.url()).pathname;
    const got = (await Promise.all(pending)).filter((x) => x !== null);
    const bySize = (a: Script, b: Script) => b.gzip - a.gzip;
    return {
      label,
      path: route,
      finalPath,
      requests,
      scripts: got
        .filter((x) => x.kind === 'js')
        .map((x) => x.script)
        .sort(bySize),
      css: got
        .filter((x) => x.kind === 'css')
        .map((x) => x.script)
        .sort(bySize),
    };
  } finally {
    await context.close();
  }
}

/** The demo team's released course (on sale in the store) and a share of it, as paths. */
async function publicPaths(
  baseUrl: string,
  user: UserInfo,
): Promise<{ share: string; courseId: number; lessonId: number }> {
  const headers = {
    'content-type': 'application/json',
    'x-request-tkToken': user.token,
    'x-request-tkForm': 'pc',
  };
  const list = (await (
    await fetch(`${baseUrl}/api/course/list?pageNum=1&pageSize=20&tab=all`, { headers })
  ).json()) as { code: number; data: { list: { courseId: number; title: string; status: string }[] } };
  const course = list.data.list.find((c) => c.status === 'released');
  if (!course) throw new Error(`no released demo course: ${JSON.stringify(list)}`);
  const share = (await (
    await fetch(`${baseUrl}/api/share/create`, {
      method: 'POST',
      headers,
      // The demo course is paid, and a paid course's share cannot allow copying.
      body: JSON.stringify({ courseId: course.courseId, allowCopy: false }),
    })
  ).json()) as { code: number; msg: string; data: { shareId: string } };
  if (share.code !== 200) throw new Error(`share/create: ${share.code} ${share.msg}`);
  const detail = (await (
    await fetch(`${baseUrl}/api/course/detail?courseId=${course.courseId}`, { headers })
  ).json()) as { data: { lessons: { lessonId: number }[] } };
  const lessonId = detail.data.lessons[0]?.lessonId;
  if (!lessonId) throw new Error(`the demo course has no lesson: ${JSON.stringify(detail)}`);
  return { share: `/share/${share.data.shareId}`, courseId: course.courseId, lessonId };
}

const total = (list: Script[], key: 'raw' | 'gzip' | 'brotli' | 'sent') =>
  list.reduce((s, x) => s + x[key], 0);

const REQUESTS_PUBLIC = 20;
const REQUESTS_ANY = 30;

function loadTable(loads: Load[], requestBudget: number): string {
  const rows = loads.map((l) => {
    const gz = total(l.scripts, 'gzip');
    const verdict = gz <= BUDGET_KB * 1024 ? 'yes' : `no (+${kb(gz - BUDGET_KB * 1024)})`;
    const requests = `${l.requests} ${l.requests <= requestBudget ? 'yes' : 'no'}`;
    return `| ${l.label} | ${l.finalPath === l.path ? '' : `→ ${l.finalPath}`} | ${requests} | ${l.scripts.length} | ${kb(total(l.scripts, 'raw'))} | **${kb(gz)}** | ${kb(total(l.scripts, 'brotli'))} | ${kb(total(l.scripts, 'sent'))} | ${verdict} | ${kb(total(l.css, 'gzip'))} |`;
  });
  return [
    `| route | landed on | requests (≤ ${requestBudget}) | JS files | JS raw KB | JS gzip-9 KB | JS brotli KB | JS as sent KB | ≤ ${BUDGET_KB} KB | CSS gzip KB |`,
    '|---|---|---|---:|---:|---:|---:|---:|---|---:|',
    ...rows,
  ].join('\n');
}

function chunkLists(loads: Load[]): string {
  return loads
    .map((l) => {
      const top = l.scripts
        .slice(0, 6)
        .map((s) => `${path.basename(s.url)} ${kb(s.gzip)}`)
        .join(', ');
      return `- ${l.label}: ${top || 'no script'}${l.scripts.length > 6 ? `, … (${l.scripts.length - 6} more)` : ''}`;
    })
    .join('\n');
}

type Measured = { name: string; loads: Load[]; lh: ({ label: string; target: number } & LhResult)[] };

/** The pages a buyer arriving from a link meets, as a logged-out visitor on a phone. */
const visitorPages = (paths: { share: string; courseId: number }) => [
  { label: '/share/:shareId', path: paths.share, target: 95 },
  { label: '/wx-preview/:courseId', path: `/wx-preview/${paths.courseId}`, target: 95 },
  { label: '/store/preview/:courseId', path: `/store/preview/${paths.courseId}`, target: 95 },
  { label: '/store/list', path: '/store/list', target: 90 },
  { label: '/login', path: '/login', target: 90 },
];

const memberPages = (paths: { courseId: number; lessonId: number }): [string, string][] => [
  ['/store/list', '/store/list'],
  ['/author', '/author'],
  ['/learn', '/learn'],
  ['/learn/course/:id', `/learn/course/${paths.courseId}`],
  ['/create/course/:id', `/create/course/${paths.courseId}`],
  ['/create/course/:id/Lesson/:lessonId', `/create/course/${paths.courseId}/Lesson/${paths.lessonId}`],
  ['/personal/team', '/personal/team'],
  ['/learn/report', '/learn/report'],
];

async function startBuild(name: string, webRoot: string, serverEntry?: string) {
  const started = Date.now();
  const out = await buildWeb(webRoot);
  const buildSeconds = Math.round((Date.now() - started) / 1000);
  const server = await startServer(
    name,
    // No page measured here needs the job queue.
    { WEB_DIST: path.join(out, 'dist'), LOG_LEVEL: 'warn', JOBS_ENABLED: 'false' },
    { entry: serverEntry },
  );
  return { out, server, buildSeconds };
}

const cell = (before: number | undefined, after: number, unit = '') =>
  before === undefined ? `${after}${unit}` : `${before}${unit} → **${after}${unit}**`;

function compareTable(now: Measured, before?: Measured): string {
  // The visitor pages: the first loads that have a Lighthouse row (the member pages come after them).
  const rows = now.loads.slice(0, now.lh.length).map((load, i) => {
    const old = before?.loads[i];
    const lh = now.lh[i]!.median;
    const oldLh = before?.lh[i]?.median;
    const gz = (l: Load) => Number(kb(total(l.scripts, 'gzip')));
    return `| ${load.label} | ${cell(old && gz(old), gz(load))} | ${cell(old?.requests, load.requests)} | ${cell(oldLh?.score, lh.score)} | ${cell(oldLh?.a11y, lh.a11y)} | ${cell(oldLh && Number(oldLh.cls.toFixed(3)), Number(lh.cls.toFixed(3)))} |`;
  });
  return [
    `| page (visitor, phone) | JS gzip KB${before ? ' (last → this)' : ''} | requests | Lighthouse performance | Lighthouse accessibility | CLS |`,
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

async function measureBuild(
  name: string,
  baseUrl: string,
  demo: UserInfo,
  withMembers: boolean,
): Promise<Measured> {
  const paths = await publicPaths(baseUrl, demo);
  const pages = visitorPages(paths);
  const browser = await launchBrowser();
  const loads: Load[] = [];
  try {
    for (const p of pages) loads.push(await firstLoad(browser, baseUrl, p.label, p.path));
    if (withMembers) {
      // The app's pages, the heaviest among them (the lesson editor, the player, the team centre).
      for (const [label, route] of memberPages(paths)) {
        loads.push(await firstLoad(browser, baseUrl, `${label} (demo user)`, route, demo));
      }
    }
  } finally {
    await browser.close();
  }
  const lh: Measured['lh'] = [];
  for (const p of pages) {
    lh.push({ label: p.label, target: p.target, ...(await lighthouseMedian(`${baseUrl}${p.path}`)) });
  }
  return { name, loads, lh };
}

export async function webSection(): Promise<string> {
  const baselineRoot = process.env.BENCH_WEB_BASELINE;
  const current = await startBuild('bench-web', path.join(ROOT, 'apps/web'));
  const last = baselineRoot
    ? await startBuild(
        'bench-web-last',
        path.join(baselineRoot, 'apps/web'),
        path.join(baselineRoot, 'apps/server/src/server.ts'),
      )
    : undefined;
  try {
    const demoNow = await apiLogin(current.server.baseUrl, DEMO.phone, DEMO.password);
    const now = await measureBuild('this build', current.server.baseUrl, demoNow, true);
    const before = last
      ? await measureBuild(
          'last build',
          last.server.baseUrl,
          await apiLogin(last.server.baseUrl, DEMO.phone, DEMO.password),
          false,
        )
      : undefined;
    // Kept whole, so a report that fails to format loses no measurement.
    await fs.writeFile(path.join(ROOT, '.tmp', 'bench-web.json'), JSON.stringify({ now, before }, null, 1));
    const loads1m = [...now.lh, ...(before?.lh ?? [])].flatMap((r) => r.load);
    const busiest = Math.max(...loads1m);
    const cores = os.cpus().length;
    const loadNote =
      busiest > cores * 0.5
        ? ` Other work was running on this machine (1-minute load average up to ${busiest.toFixed(1)} on ${cores} cores while Lighthouse ran): Lighthouse multiplies the main-thread time it observes by 4, so TBT, LCP and the scores are worse and noisier than on an idle machine${os.getPriority() < 0 ? ` unless the bench runs ahead of that work, as here: this run and every process it started had nice ${os.getPriority()}` : ''}.`
        : ` The machine was quiet (1-minute load average at most ${busiest.toFixed(1)} on ${cores} cores while Lighthouse ran).`;
    const visitorCount = visitorPages({ share: '', courseId: 0 }).length;
    const publicLoads = now.loads.slice(0, visitorCount);
    const memberLoads = now.loads.slice(visitorCount);
    return `Production builds of apps/web (this build${before ? ' and the last' : ''}, each built for this run into a temporary folder: ${current.buildSeconds} s${last ? ` and ${last.buildSeconds} s` : ''}), each served by its own real server (embedded PostgreSQL, demo data). Every page is opened as a logged-out visitor on a phone (390 × 844), empty cache${before ? `; the last build is \`BENCH_WEB_BASELINE\`${process.env.BENCH_WEB_BASELINE_NAME ? ` (${process.env.BENCH_WEB_BASELINE_NAME})` : ''}, its own server and web app` : ''}.

**Before and after** (${before ? 'the last build, then this one, measured in this run' : 'this build'}): first-load JavaScript (gzip-9), every request of the load, and the Lighthouse medians below. Targets: JS ≤ ${BUDGET_KB} KB and ≤ ${REQUESTS_PUBLIC} requests on the four public pages; performance ≥ 95 on the share page, the phone preview and the buy page, ≥ 90 on the store list and the login page; accessibility ≥ 95; CLS ≤ 0.02.

${compareTable(now, before)}

**First load, this build** (every request until the network is idle and the page has rendered; for the app, no loading placeholder and no skeleton). gzip-9 and brotli-11 are computed here from each body; "as sent" is what the server transferred (the build's precompressed \`.br\` files).

${loadTable(publicLoads, REQUESTS_PUBLIC)}

The app's own pages, cold, as the demo user (the rest of the app stays a single-page app; target ≤ ${REQUESTS_ANY} requests):

${loadTable(memberLoads, REQUESTS_ANY)}

Largest scripts (gzip-9 KB):

${chunkLists(now.loads)}

**Lighthouse** (${LH_RUNS} runs per page and build; each figure is the median of its runs, the runs' performance scores in brackets): default config, i.e. mobile (Moto G Power screen, simulated slow 4G: 150 ms RTT, 1.6 Mbit/s, and 4× CPU slowdown), performance and accessibility, a fresh Chromium profile per run.${loadNote}

This build:

${lighthouseTable(now.lh)}
${before ? `\nThe last build:\n\n${lighthouseTable(before.lh)}\n` : ''}\n${WHY_NOTES}`;
  } finally {
    for (const b of [current, last]) {
      if (!b) continue;
      await b.server.stop().catch(() => undefined);
      await fs.rm(b.out, { recursive: true, force: true }).catch(() => undefined);
    }
  }
}
