// A Vitest reporter that writes each test file's time (import, hooks and tests) to
// .tmp/test-times/<workspace>.json, for .ci/slowest-tests.mjs. Added beside the default reporter.
import fs from 'node:fs';
import path from 'node:path';

export default class FileTimesReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
    this.shard = vitest.config.shard;
  }

  onTestRunEnd(testModules) {
    const rows = testModules.map((m) => {
      const d = m.diagnostic();
      return {
        file: path.relative(path.resolve(import.meta.dirname, '..'), m.moduleId),
        seconds: (d.collectDuration + d.setupDuration + d.duration) / 1000,
        tests: [...m.children.allTests()].length,
        state: m.state(),
      };
    });
    const dir = path.resolve(import.meta.dirname, '../.tmp/test-times');
    fs.mkdirSync(dir, { recursive: true });
    // A sharded run (the journeys run as two shards at once) writes one file per shard.
    const shard = this.shard ? `-${this.shard.index}of${this.shard.count}` : '';
    fs.writeFileSync(path.join(dir, `${path.basename(this.root)}${shard}.json`), JSON.stringify(rows));
  }
}
