/**
 * Web first load and Lighthouse, on the real server serving a production build of apps/web.
 *
 * - First-load JavaScript: headless Chromium (playwright-core) opens a route with an empty cache and
 *   records every script response until the network is idle and the page has rendered (no loading
 *   placeholder, no skeleton). Each body is gzipped here at level 9 (what the build's precompressed
 *   `.gz` files use; nginx's `gzip_comp_level` defaults to 1 and would send a few per cent more) and
 *   brotli-compressed at quality 11 (the build's `.br` files); the target is on the gzip figure.
 * - Lighthouse 13, default (mobile) config, performance category only, simulated throttling, in
 *   Debian's Chromium launched by chrome-launcher with a fresh profile per run. Median of runs.
 *
 * The build goes to a temporary folder (BENCH_WEB_DIST=<folder> measures an existing build instead),
 * so apps/web/dist is left alone. Everything is on 127.0.0.1 and bounded in time.
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
import { LH_RUNS, LH_TARGET, lighthouseMedian, lighthouseTable } from './lighthouse.ts';

const BUDGET_KB = 150;
const BUILD_TIMEOUT_MS = 300_000;
const PAGE_TIMEOUT_MS = 60_000;
const DEMO = { phone: '13800000000', password: 'demo1234' };

/** Said under the figures when a target is missed (the measured figures are above it). */
const WHY_MISSED = `**Why the targets are missed, and what it would take.**

- *What every page loads before its own chunk* (a source-map breakdown of this build, gzip-9): react-dom ≈ 65 KB and react-router ≈ 30 KB (the \`react-vendor\` chunk), antd's runtime and what the app shell renders with it (CSS-in-JS engine, theme, ConfigProvider, \`App\` with its message, notification and modal, Button, Spin, icons) ≈ 77 KB, axios ≈ 21 KB, i18next + react-i18next ≈ 17 KB, TanStack Query ≈ 9 KB, the Chinese messages ≈ 7 KB, the app's own shell ≈ 6 KB: ≈ 235 KB, above the 150 KB target before a page renders anything. Each page then adds its antd components: the login page the form engine (rc-field-form and its validator ≈ 16 KB), Input, Tabs (with rc-menu and the dropdown trigger ≈ 20 KB), Card and Typography; the store list the header menu and dropdowns, Select (the sort and page-size pickers ≈ 24 KB), Pagination, Card, Skeleton and its own code.
- *Done in this round*: the build writes brotli and gzip copies of every text asset and the server sends them (before, nothing was compressed: the store list's first load went over the wire as 1.4 MB); zod and every schema out of the first load (≈ 31 KB; the login form loads them when it first validates); English messages fetched only when chosen; antd's Result and its illustrations loaded only when an error shows; the form engine no longer in the first chunk of every page; the lesson renderer without Tiptap and ProseMirror (the share page lost ≈ 140 KB); the cart split from the store list; the LCP image (a course cover) loaded eagerly with high priority; a static placeholder painted before the script runs.
- *To reach ≤ 150 KB per route* the first load would have to drop a framework layer: the login page and the store list rendered without antd (plain HTML and CSS for their inputs, tabs, cards, menus and pagination, ≈ 100 KB less), axios replaced by a fetch wrapper (≈ 20 KB, with the request tests rewritten), and react-dom replaced by Preact with \`preact/compat\` (≈ 55 KB less; antd and react-router do not support it). Each is a rewrite of shared code, not a build setting.
- *To reach Lighthouse ≥ 95 on mobile* LCP has to be under ≈ 2.3 s and TBT under ≈ 200 ms on a simulated 1.6 Mbit/s phone with a 4× slower CPU. With ≈ 300 KB (brotli) of script before the first content, the download alone takes ≈ 1.7 s, and antd computes its CSS while React renders (several hundred milliseconds of main thread, counted 4×). What would get there: the share page and the store's first screen rendered as HTML by the server (content and cover visible before any script; the app loads afterwards), or antd's styles extracted at build time instead of computed in the browser, on top of the script diet above.`;

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

/** `vite build` into a temporary folder (the app's own config, as `npm run build` uses it). */
async function buildWeb(): Promise<{ dir: string; temporary: boolean }> {
  const given = process.env.BENCH_WEB_DIST;
  if (given) {
    if (!existsSync(path.join(given, 'index.html')))
      throw new Error(`BENCH_WEB_DIST=${given} has no index.html`);
    return { dir: path.resolve(given), temporary: false };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-webdist-'));
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      dir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: path.join(ROOT, 'apps/web'), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const code = await withDeadline(
    new Promise<number | null>((resolve) => child.once('exit', resolve)),
    BUILD_TIMEOUT_MS,
    'vite build',
  ).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw err;
  });
  if (code !== 0) throw new Error(`vite build failed (${code}):\n${output}`);
  return { dir, temporary: true };
}

type Script = { url: string; raw: number; gzip: number; brotli: number; sent: number };
type Load = { label: string; path: string; finalPath: string; scripts: Script[]; css: Script[] };

const compressSizes = (body: Buffer) => ({
  raw: body.length,
  gzip: gzipSync(body, { level: 9 }).length,
  brotli: brotliCompressSync(body, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
  }).length,
});

/** The page has rendered: something in #root, no loading placeholder (role=status), no skeleton. */
const rendered = (): boolean => {
  const root = document.getElementById('root');
  return (
    !!root &&
    root.childElementCount > 0 &&
    !root.querySelector('[role="status"]') &&
    !root.querySelector('.ant-skeleton')
  );
};

async function firstLoad(
  browser: Browser,
  baseUrl: string,
  label: string,
  route: string,
  user?: UserInfo,
): Promise<Load> {
  const context = await browser.newContext();
  if (user) await useSession(context, user);
  const page = await context.newPage();
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

async function createShare(baseUrl: string, user: UserInfo): Promise<string> {
  const headers = {
    'content-type': 'application/json',
    'x-request-tkToken': user.token,
    'x-request-tkForm': 'pc',
  };
  const list = (await (
    await fetch(`${baseUrl}/api/course/list?pageNum=1&pageSize=20&tab=all`, { headers })
  ).json()) as { code: number; data: { list: { courseId: number; title: string; status: string }[] } };
  const course = list.data.list.find((c) => c.status === 'released') ?? list.data.list[0];
  if (!course) throw new Error(`no demo course to share: ${JSON.stringify(list)}`);
  const share = (await (
    await fetch(`${baseUrl}/api/share/create`, {
      method: 'POST',
      headers,
      // The demo course is paid, and a paid course's share cannot allow copying.
      body: JSON.stringify({ courseId: course.courseId, allowCopy: false }),
    })
  ).json()) as { code: number; msg: string; data: { shareId: string } };
  if (share.code !== 200) throw new Error(`share/create: ${share.code} ${share.msg}`);
  return `/share/${share.data.shareId}`;
}

const total = (list: Script[], key: 'raw' | 'gzip' | 'brotli' | 'sent') =>
  list.reduce((s, x) => s + x[key], 0);

function loadTable(loads: Load[]): string {
  const rows = loads.map((l) => {
    const gz = total(l.scripts, 'gzip');
    const verdict = gz <= BUDGET_KB * 1024 ? 'yes' : `no (+${kb(gz - BUDGET_KB * 1024)})`;
    return `| ${l.label} | ${l.finalPath === l.path ? '' : `→ ${l.finalPath}`} | ${l.scripts.length} | ${kb(total(l.scripts, 'raw'))} | **${kb(gz)}** | ${kb(total(l.scripts, 'brotli'))} | ${kb(total(l.scripts, 'sent'))} | ${verdict} | ${kb(total(l.css, 'gzip'))} |`;
  });
  return [
    `| route | landed on | JS files | JS raw KB | JS gzip-9 KB | JS brotli KB | JS as sent KB | ≤ ${BUDGET_KB} KB | CSS gzip KB |`,
    '|---|---|---:|---:|---:|---:|---:|---|---:|',
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
      return `- ${l.label}: ${top}${l.scripts.length > 6 ? `, … (${l.scripts.length - 6} more)` : ''}`;
    })
    .join('\n');
}

export async function webSection(): Promise<string> {
  const started = Date.now();
  const build = await buildWeb();
  const buildSeconds = Math.round((Date.now() - started) / 1000);
  const server = await startServer('bench-web', {
    WEB_DIST: build.dir,
    LOG_LEVEL: 'warn',
    // No page measured here needs the job queue.
    JOBS_ENABLED: 'false',
  });
  let browser: Browser | undefined;
  try {
    const demo = await apiLogin(server.baseUrl, DEMO.phone, DEMO.password);
    const sharePath = await createShare(server.baseUrl, demo);
    browser = await launchBrowser();
    const loads: Load[] = [];
    loads.push(await firstLoad(browser, server.baseUrl, '/login (visitor)', '/login'));
    loads.push(await firstLoad(browser, server.baseUrl, '/store/list (demo user)', '/store/list', demo));
    loads.push(await firstLoad(browser, server.baseUrl, '/store/list (visitor)', '/store/list'));
    loads.push(await firstLoad(browser, server.baseUrl, '/share/:shareId (visitor)', sharePath));
    await browser.close();
    browser = undefined;

    const lh = [
      { label: '/store/list (demo user)', ...(await lighthouseMedian(`${server.baseUrl}/store/list`, demo)) },
      { label: '/share/:shareId (visitor)', ...(await lighthouseMedian(`${server.baseUrl}${sharePath}`)) },
    ];
    const loads1m = lh.flatMap((r) => r.load);
    const busiest = Math.max(...loads1m);
    const cores = os.cpus().length;
    const loadNote =
      busiest > cores * 0.5
        ? ` Other work was running on this machine (1-minute load average up to ${busiest.toFixed(1)} on ${cores} cores while Lighthouse ran): Lighthouse multiplies the main-thread time it observes by 4, so TBT, LCP and the scores are worse and noisier than on an idle machine.`
        : ` The machine was quiet (1-minute load average at most ${busiest.toFixed(1)} on ${cores} cores).`;
    const missed =
      loads.some(
        (l) =>
          (l.label.startsWith('/login') || l.label.startsWith('/store/list (demo')) &&
          total(l.scripts, 'gzip') > BUDGET_KB * 1024,
      ) || lh.some((r) => r.median.score < LH_TARGET);
    return `Production build of apps/web (${build.temporary ? `built for this run in ${buildSeconds} s into a temporary folder` : `from ${build.dir}`}) served by the real server (embedded PostgreSQL, demo data). /store/list needs a login: it is measured as the demo user, and the visitor row shows what someone without a session gets (the login page).

**First-load JavaScript**: every script response until the network is idle and the page has rendered (no loading placeholder, no skeleton), in headless Chromium with an empty cache. Target: gzip ≤ ${BUDGET_KB} KB per route. gzip-9 and brotli-11 are computed here from each body; "as sent" is what the server transferred (the build's precompressed \`.br\` files, which Chromium asks for).

${loadTable(loads)}

Largest chunks (gzip-9 KB):

${chunkLists(loads)}

**Lighthouse** (${LH_RUNS} runs per page; each figure is the median of its runs, the runs' scores in brackets): default config, i.e. mobile (Moto G Power screen, simulated slow 4G: 150 ms RTT, 1.6 Mbit/s, and 4× CPU slowdown), performance category only, a fresh Chromium profile per run. Target: ≥ ${LH_TARGET}.${loadNote}

${lighthouseTable(lh)}
${missed ? `\n${WHY_MISSED}` : ''}`;
  } finally {
    await browser?.close().catch(() => undefined);
    await server.stop();
    if (build.temporary) await fs.rm(build.dir, { recursive: true, force: true }).catch(() => undefined);
  }
}
