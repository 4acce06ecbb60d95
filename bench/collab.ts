/**
 * Live co-editing (issue 35): propagation time of a change from one editor to the others, p50/p99,
 * with 1, 50 and 200 open lessons of 3 editors each, every editor typing 5 characters a second (one
 * Yjs transaction per character, as the editor sends them); and the server's memory per open lesson
 * when idle (resident set and V8 heap from /metrics, before and after the lessons were opened).
 * All editors run in this process (Hocuspocus providers on `ws`), the server in its own; both share
 * the machine's cores, so the figures include the clients' own work.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { HocuspocusProvider } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { startServer } from '../e2e/support/server.ts';
import { apiAs, apiLogin } from '../e2e/support/session.ts';

const SCENARIOS = [1, 50, 200];
const EDITORS = 3;
const CHARS_PER_SECOND = 5;
const MEASURE_MS = 10_000;

type Editor = { provider: HocuspocusProvider; doc: Y.Doc; index: number };

const metric = (text: string, name: string) =>
  Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(text)?.[1] ?? NaN);

async function memory(baseUrl: string) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  return {
    rss: metric(text, 'process_resident_memory_bytes'),
    heap: metric(text, 'nodejs_heap_size_used_bytes'),
  };
}

/** CPU seconds a process has used (user + system), from /proc: the server runs in its own process. */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat(5), counted from the state (field 3) here.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
const ownCpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const share = (cpuSeconds: number, wallMs: number) => `${Math.round((cpuSeconds / (wallMs / 1000)) * 100)}%`;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
const mb = (b: number) => `${(b / 2 ** 20).toFixed(2)} MB`;

function openEditor(url: string, name: string, token: string, index: number): Editor {
  const doc = new Y.Doc();
  const provider = new HocuspocusProvider({
    url,
    name,
    token,
    document: doc,
    WebSocketPolyfill: WebSocket,
    delay: 200,
    minDelay: 200,
    maxAttempts: 5,
  } as never);
  return { provider, doc, index };
}

async function waitSynced(editors: Editor[]) {
  const deadline = Date.now() + 120_000;
  while (editors.some((e) => !e.provider.isSynced)) {
    if (Date.now() > deadline) throw new Error('editors did not sync in 2 minutes');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Types one character at the end of the first paragraph and stamps it in the same transaction. */
function typeOne(e: Editor, seq: number) {
  const fragment = e.doc.getXmlFragment('default');
  e.doc.transact(() => {
    let p = fragment.get(0) as Y.XmlElement | undefined;
    if (!p) fragment.insert(0, [(p = new Y.XmlElement('paragraph'))]);
    let t = p.get(0) as Y.XmlText | undefined;
    if (!(t instanceof Y.XmlText)) p.insert(0, [(t = new Y.XmlText())]);
    t.insert(t.length, 'x');
    e.doc.getMap('bench').set(String(e.index), [seq, Date.now()]);
  });
}

export async function collabSection(): Promise<string> {
  const server = await startServer('bench-collab', {
    LOG_LEVEL: 'warn',
    COLLAB_MAX_CONNECTIONS_PER_IP: '100000',
  });
  const url = `${server.baseUrl.replace('http', 'ws')}/api/collab`;
  const rows: string[] = [];
  let idle = '';
  try {
    const owner = await apiLogin(server.baseUrl, '13800000000', 'demo1234');
    const api = <T>(path: string, body?: unknown) => apiAs<T>(server.baseUrl, owner, path, body);
    const lessonIds: number[] = [];
    for (let c = 0; lessonIds.length < Math.max(...SCENARIOS); c++) {
      const course = await api<{ courseId: number }>('/course/create', { title: `协作测量 ${c}` });
      for (let i = 0; i < 50; i++)
        lessonIds.push(
          (await api<{ lessonId: number }>('/lesson/create', { courseId: course.courseId })).lessonId,
        );
    }
    for (const docs of SCENARIOS) {
      const before = await memory(server.baseUrl);
      const editors: Editor[][] = lessonIds
        .slice(0, docs)
        .map((id) =>
          Array.from({ length: EDITORS }, (_, i) => openEditor(url, `lesson:${id}`, owner.token, i)),
        );
      await waitSynced(editors.flat());
      await new Promise((r) => setTimeout(r, 2000));
      const opened = await memory(server.baseUrl);
      const samples: number[] = [];
      const seen = new Map<Editor, number[]>();
      let measuring = true;
      for (const group of editors)
        for (const e of group) {
          seen.set(e, Array(EDITORS).fill(-1));
          e.doc.getMap('bench').observe((ev) => {
            if (!measuring || ev.transaction.local) return;
            for (const key of ev.keysChanged) {
              const [seq, sentAt] = e.doc.getMap('bench').get(key) as [number, number];
              const last = seen.get(e)!;
              if (seq > last[Number(key)]!) {
                last[Number(key)] = seq;
                samples.push(Date.now() - sentAt);
              }
            }
          });
        }
      // Each editor types on its own 200 ms clock, spread over the interval.
      const timers: NodeJS.Timeout[] = [];
      for (const group of editors)
        for (const e of group) {
          let seq = 0;
          const start = setTimeout(
            () => {
              timers.push(setInterval(() => typeOne(e, ++seq), 1000 / CHARS_PER_SECOND));
            },
            Math.random() * (1000 / CHARS_PER_SECOND),
          );
          timers.push(start);
        }
      const cpuAt = { server: cpuSecondsOf(server.pid), editors: ownCpuSeconds(), wall: Date.now() };
      await new Promise((r) => setTimeout(r, MEASURE_MS));
      for (const t of timers) clearInterval(t);
      const wall = Date.now() - cpuAt.wall;
      const cpu = `${share(cpuSecondsOf(server.pid) - cpuAt.server, wall)} | ${share(ownCpuSeconds() - cpuAt.editors, wall)}`;
      await new Promise((r) => setTimeout(r, 1000));
      measuring = false;
      samples.sort((a, b) => a - b);
      rows.push(
        `| ${docs} | ${docs * EDITORS} | ${samples.length} (${docs * EDITORS * (EDITORS - 1) * CHARS_PER_SECOND * (MEASURE_MS / 1000)}) | ${pct(samples, 0.5)} ms | ${pct(samples, 0.99)} ms | ${samples.at(-1)} ms | ${cpu} | ${os.loadavg()[0]!.toFixed(1)} |`,
      );
      if (docs === Math.max(...SCENARIOS))
        idle = `Idle, ${docs} open lessons × ${EDITORS} editors (after the 2 s settle, before typing): resident set ${mb(opened.rss)} (+${mb(opened.rss - before.rss)}, ${mb((opened.rss - before.rss) / docs)} per lesson), V8 heap used ${mb(opened.heap)} (+${mb(opened.heap - before.heap)}, ${mb((opened.heap - before.heap) / docs)} per lesson).`;
      for (const e of editors.flat()) e.provider.destroy();
      await new Promise((r) => setTimeout(r, 3000));
    }
  } finally {
    await server.stop();
  }
  return [
    `${EDITORS} editors per lesson, each typing ${CHARS_PER_SECOND} characters a second for ${MEASURE_MS / 1000} s; propagation = from the transaction on one editor to its arrival at each other editor of the lesson (same clock: all editors in the bench process). The machine is shared (2 cores, other people's work running), and the 600 editors of the last row run in the bench process itself. CPU: the server process's and the editors' (this process's) CPU time over the typing window, as a share of one core (the machine has ${os.cpus().length}).`,
    '',
    '| open lessons | editors | changes received (expected) | p50 | p99 | max | server CPU | editors CPU | load (1 min) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    idle,
  ].join('\n');
}
