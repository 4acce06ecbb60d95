/**
 * Splits the journeys between `npm test`'s two shards by how long each file takes, not by the hash
 * of its path (Vitest's default): the hash put 478 s of files in one shard and 409 s in the other,
 * and the run lasts as long as its longer shard. Each file goes, longest first, to the shard with
 * the fewest seconds so far. The seconds are `journey-seconds.json`: each file's time in a CI run
 * (its rows in `.tmp/test-times/e2e-*.json`, written by `.ci/file-times-reporter.mjs`); a file not
 * listed counts as the median. Refresh the list when files are added or grow.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SECONDS: Record<string, number> = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../journey-seconds.json'), 'utf8'),
);

/** `files` split into `count` lists of about equal seconds (the same split whatever their order). */
export function splitBySeconds<T>(files: T[], nameOf: (f: T) => string, count: number): T[][] {
  const known = Object.values(SECONDS).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  const weighed = files
    .map((f) => ({ f, name: nameOf(f), s: SECONDS[nameOf(f)] ?? median }))
    .sort((a, b) => b.s - a.s || a.name.localeCompare(b.name));
  const shards = Array.from({ length: count }, () => ({ s: 0, files: [] as T[] }));
  for (const w of weighed) {
    const least = shards.reduce((min, sh) => (sh.s < min.s ? sh : min));
    least.s += w.s;
    least.files.push(w.f);
  }
  return shards.map((sh) => sh.files);
}

export default class JourneySequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const root = this.ctx.config.root;
    return splitBySeconds(files, (f) => path.relative(root, f.moduleId), count)[index - 1]!;
  }
}
