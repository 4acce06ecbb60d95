/**
 * Modules meet through services, and their arrows run one way: no module imports another that imports
 * it back, directly or round a longer loop. ESLint holds each import to a service or index.ts
 * (eslint.config.js); this holds the whole graph, which no single-file rule sees.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = import.meta.dirname;

/** module → the other modules its source (tests aside, sub-folders too) imports. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const mod of readdirSync(MODULES, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const targets = new Set<string>();
    for (const file of readdirSync(join(MODULES, mod.name), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const text = readFileSync(join(MODULES, mod.name, file), 'utf8');
      // Each relative import resolved from the file's own folder: a module's sub-folder
      // (modules/ai/jobs/) reaches another module as '../../courses/…'.
      for (const m of text.matchAll(/(?:from|import\()\s*'(\.\.?\/[^']+)'/g)) {
        const target = relative(MODULES, join(MODULES, mod.name, dirname(file), m[1]!)).split(sep);
        if (target.length > 1 && target[0] !== '..' && target[0] !== mod.name) targets.add(target[0]!);
      }
    }
    graph.set(mod.name, targets);
  }
  return graph;
}

/** Every loop of imports, as the modules round it. */
function loops(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const walk = (path: string[]) => {
    for (const next of graph.get(path.at(-1)!) ?? []) {
      if (next === path[0]) found.push([...path, next].join(' → '));
      else if (!path.includes(next) && next > path[0]!) walk([...path, next]);
    }
  };
  for (const start of graph.keys()) walk([start]);
  return found;
}

describe('module graph', () => {
  it('has no module importing one that imports it back', () => {
    expect(loops(moduleGraph())).toEqual([]);
  });

  it('finds a loop when there is one', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(loops(g)).toEqual(['a → b → c → a']);
  });
});
