// Prints the slowest test files of the last `npm test`: each workspace's Vitest writes its files'
// times into .tmp/test-times/ (.ci/file-times-reporter.mjs), so a slow CI run shows where time went.
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../.tmp/test-times');
const rows = (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
rows.sort((a, b) => b.seconds - a.seconds);
console.log(`== slowest test files (of ${rows.length})`);
for (const r of rows.slice(0, 10))
  console.log(
    `${r.seconds.toFixed(1).padStart(7)} s ${String(r.tests).padStart(4)} tests  ${r.file}${r.state === 'passed' ? '' : ` (${r.state})`}`,
  );
