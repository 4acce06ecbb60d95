/**
 * `npm run bench`: every figure of bench/RESULTS.md, measured in one run on this machine.
 * Each section lives in its own module and returns Markdown; `BENCH_ONLY=http,ai` runs a subset and
 * puts those sections in place of their old text, leaving the others as they were (each section says
 * when it was measured). Everything runs on 127.0.0.1 and is bounded in time.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { aiSection } from './ai.ts';
import { collabSection } from './collab.ts';
import { heapSection } from './heap.ts';
import { httpSection } from './http.ts';
import { mediaSection } from './media.ts';
import { paySection } from './pay.ts';
import { revisionsSection } from './revisions.ts';
import { pushHistory, sectionOf, spliceSection } from './results-file.ts';
import { searchSection } from './search.ts';
import { trainingSection } from './training.ts';
import { webSection } from './web.ts';

export type BenchSection = { key: string; title: string; run: () => Promise<string> };

const SECTIONS: BenchSection[] = [
  { key: 'http', title: 'HTTP throughput and server memory', run: httpSection },
  { key: 'heap', title: "The server's heap after start, by module", run: heapSection },
  { key: 'search', title: 'Store search without a cache, 100,000 and 1,000,000 courses', run: searchSection },
  { key: 'web', title: 'Web first load and Lighthouse', run: webSection },
  { key: 'ai', title: 'AI streaming overhead and lesson concurrency', run: aiSection },
  { key: 'revisions', title: 'Lesson history storage (issue 17)', run: revisionsSection },
  { key: 'media', title: 'Hosted media: upload, transcoding and HLS serving (issue 34)', run: mediaSection },
  { key: 'pay', title: 'Paying by place: from 立即购买 to a paid order (issue 44)', run: paySection },
  {
    key: 'training',
    title: 'Training at team scale: reports, 我的任务 and an exam rush (issue 46)',
    run: trainingSection,
  },
  {
    key: 'collab',
    title: 'Live co-editing: propagation and memory per open lesson (issue 35)',
    run: collabSection,
  },
];

async function main() {
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  const chosen = SECTIONS.filter((s) => !only || only.includes(s.key));
  const parts: { title: string; text: string }[] = [];
  for (const section of chosen) {
    console.log(`== ${section.title}`);
    const started = Date.now();
    const body = await section.run();
    console.log(body);
    const took = Math.round((Date.now() - started) / 1000);
    parts.push({
      title: section.title,
      text: `## ${section.title}\n\n${body.trim()}\n\n_(section took ${took} s; measured ${new Date().toISOString()}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')})_\n`,
    });
  }
  const file = path.join(import.meta.dirname, 'RESULTS.md');
  const historyFile = path.join(import.meta.dirname, 'HISTORY.md');
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const header = `# Benchmark results

Command: \`npm run bench\` (\`BENCH_ONLY=web,search\` runs those sections and puts them in place of their
old text here, moving that to HISTORY.md). Machine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.
`;
  // Each section measured replaces its text in RESULTS.md (the rest, the goals table too, stays);
  // the text it replaces goes to the top of HISTORY.md, so RESULTS.md holds current figures only.
  let report = await fs.readFile(file, 'utf8').catch(() => header);
  let history = await fs.readFile(historyFile, 'utf8').catch(() => '# Benchmark history\n');
  const today = new Date().toISOString().slice(0, 10);
  for (const part of parts) {
    const before = sectionOf(report, part.title);
    if (before) history = pushHistory(history, before, today);
    report = spliceSection(report, part.title, part.text);
  }
  await fs.writeFile(file, report);
  await fs.writeFile(historyFile, history);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
