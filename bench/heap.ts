/**
 * What the server holds after start: the embedded default with its demo data, as `npm start` runs
 * it, idle for 5 s, then one heap snapshot summarised by module (heap-summary.ts), so the next
 * module that loads at start without being needed shows at once. Then the sources run by Node's type
 * stripping (as `npm run dev` runs them), idle for 5 s too: what the build saves in resident memory.
 */
import fs from 'node:fs';
import { startServer } from '../e2e/support/server.ts';
import { retainedByModule, takeHeapSnapshot } from './heap-summary.ts';
import { memoryOf } from './memory.ts';

const TOP = 8;
const mb = (bytes: number) => (bytes / 1048576).toFixed(1);

export async function heapSection(): Promise<string> {
  const { idle, total, rows } = await snapshotAfterStart();
  // One server at a time: the sources' starts once the build's is gone.
  const sources = await idleRssOfSources();
  const largest = rows
    .slice(0, TOP)
    .map((r) => `${r.module} ${mb(r.bytes)} MB (${((r.bytes / total) * 100).toFixed(0)}%)`)
    .join(', ');
  return `The server as \`npm start\` runs it (embedded PostgreSQL, demo data), 5 s after it is ready: resident set **${idle.serverRssMb} MB** (the sources with Node's type stripping, as \`npm run dev\` runs them, started after it the same way: ${sources} MB); V8 heap in the snapshot ${mb(total)} MB. Each object is counted once, for the module owning its nearest owned dominator: a module owns its scripts' source text, the functions compiled from them and the contexts their closures hold (its top-level variables). "runtime/shared" is what no single module's object dominates (V8's builtins and object shapes, Node's internals, objects several modules hold).

**Largest by heap:** ${largest}.
`;
}

async function snapshotAfterStart() {
  const server = await startServer('bench-heap', { LOG_LEVEL: 'warn' }, { heapSnapshots: true });
  try {
    await new Promise((r) => setTimeout(r, 5000));
    const idle = memoryOf(server.pid);
    const file = await takeHeapSnapshot(server.pid, server.dataDir);
    const summary = retainedByModule(file);
    fs.rmSync(file);
    return { idle, ...summary };
  } finally {
    await server.stop();
  }
}

/** The idle resident set of the sources run by Node's type stripping (amaro's WebAssembly in the process). */
async function idleRssOfSources(): Promise<number> {
  const server = await startServer('bench-heap-src', { LOG_LEVEL: 'warn' }, { sources: true });
  try {
    await new Promise((r) => setTimeout(r, 5000));
    return memoryOf(server.pid).serverRssMb;
  } finally {
    await server.stop();
  }
}
