/**
 * Lighthouse 13, default (mobile) config, performance and accessibility, simulated throttling, in
 * Debian's Chromium launched by chrome-launcher with a fresh profile per run. Median of runs.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { UserInfo } from '@studio/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { chromiumPath } from '../e2e/support/browser.ts';
import { withDeadline } from './deadline.ts';

export const LH_TARGET = 95;
export const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const LH_TIMEOUT_MS = 180_000;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

type LhRun = {
  score: number;
  /** The accessibility category's score. */
  a11y: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  lcpElement: string;
};

/**
 * One Lighthouse run in a fresh Chromium profile (so nothing is cached). A logged-in run first stores
 * the session in localStorage from a same-origin JSON URL (no app file gets loaded) in another tab,
 * and keeps storage for the run.
 */
async function lighthouseOnce(url: string, user?: UserInfo): Promise<LhRun> {
  const userDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'],
    userDataDir,
    logLevel: 'silent',
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    try {
      if (user) {
        const seed = await browser.newPage();
        await seed.goto(new URL('/api/health', url).href);
        await seed.evaluate((value) => localStorage.setItem('userInfo', value), JSON.stringify(user));
        await seed.close();
      }
      const page = await browser.newPage();
      const result = await withDeadline(
        lighthouse(
          url,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            disableStorageReset: Boolean(user),
          },
          undefined,
          page,
        ),
        LH_TIMEOUT_MS,
        'Lighthouse',
      );
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      if (lhr.runtimeError) {
        throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      }
      const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      // Lighthouse 13 names the LCP element in its LCP breakdown insight.
      const details = lhr.audits['lcp-breakdown-insight']?.details as
        { items?: { type?: string; nodeLabel?: string; selector?: string }[] } | undefined;
      const node = details?.items?.find((item) => item.type === 'node');
      return {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        fcp: num('first-contentful-paint'),
        lcp: num('largest-contentful-paint'),
        tbt: num('total-blocking-time'),
        cls: num('cumulative-layout-shift'),
        si: num('speed-index'),
        lcpElement: node ? `${node.nodeLabel ?? ''} (${node.selector ?? ''})`.slice(0, 100) : '—',
      };
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
    await fs.rm(userDataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** A run Lighthouse could not finish (it now and then misses the trace's start) is tried once more. */
const lighthouseRun = (url: string, user?: UserInfo): Promise<LhRun> =>
  lighthouseOnce(url, user).catch((err: unknown) => {
    console.warn(`Lighthouse run failed, trying again: ${String(err)}`);
    return lighthouseOnce(url, user);
  });

export type LhResult = { runs: LhRun[]; median: LhRun; load: number[] };

/** LH_RUNS runs; each figure reported is the median of that figure over the runs. */
export async function lighthouseMedian(url: string, user?: UserInfo): Promise<LhResult> {
  const runs: LhRun[] = [];
  const load: number[] = [];
  for (let i = 0; i < LH_RUNS; i++) {
    load.push(os.loadavg()[0]!);
    runs.push(await lighthouseRun(url, user));
  }
  const of = (key: Exclude<keyof LhRun, 'lcpElement'>) => median(runs.map((r) => r[key]));
  const medianScore = of('score');
  return {
    runs,
    load,
    median: {
      score: medianScore,
      a11y: of('a11y'),
      fcp: of('fcp'),
      lcp: of('lcp'),
      tbt: of('tbt'),
      cls: of('cls'),
      si: of('si'),
      lcpElement: (runs.find((r) => r.score === medianScore) ?? runs[0]!).lcpElement,
    },
  };
}

/** `target`: the page's own performance target (the issue asks 95 of some pages, 90 of others). */
export function lighthouseTable(results: ({ label: string; target: number } & LhResult)[]): string {
  const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)}` : '—');
  const rows = results.map(({ label, target, runs, median: m }) => {
    const verdict = m.score >= target ? 'yes' : 'no';
    return `| ${label} | **${m.score}** (${runs.map((r) => r.score).join(', ')}) | ≥ ${target}: ${verdict} | ${m.a11y} | ${ms(m.fcp)} | ${ms(m.lcp)} | ${ms(m.tbt)} | ${m.cls.toFixed(3)} | ${ms(m.si)} | ${m.lcpElement.replace(/\|/g, '/')} |`;
  });
  return [
    '| page | performance, median (runs) | target | accessibility | FCP ms | LCP ms | TBT ms | CLS | SI ms | LCP element |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
  ].join('\n');
}
