/**
 * The web's folders meet one way, as the server's modules do (modules/module-graph.test.ts): no
 * feature folder (features/<f>), nor app, components, screens or public, imports one that imports it
 * back, directly or round a longer loop; and lib, under everything, imports none of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;

/** The area a file belongs to: `features/<f>`, or its top folder (app, components, lib…). */
const areaOf = (file: string): string => {
  const parts = file.split(sep);
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0]!;
};

/** area → the other areas its source (tests and test helpers aside) imports. */
function webGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || !file.includes(sep)) continue;
    if (file.startsWith(`test${sep}`)) continue;
    const from = areaOf(file);
    const targets = graph.get(from) ?? new Set<string>();
    for (const m of readFileSync(join(SRC, file), 'utf8').matchAll(/(?:from|import\()\s*'(\.\.?\/[^']+)'/g)) {
      const target = relative(SRC, normalize(join(SRC, dirname(file), m[1]!)));
      const to = areaOf(target);
      if (to !== from && !target.startsWith('..')) targets.add(to);
    }
    graph.set(from, targets);
  }
  return graph;
}

/** Every loop of imports, as the areas round it. */
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

describe('web folder graph', () => {
  it('has no folder importing one that imports it back', () => {
    expect(loops(webGraph())).toEqual([]);
  });

  it('keeps lib under everything: it imports no feature, screen, component or app code', () => {
    expect([...(webGraph().get('lib') ?? [])].filter((a) => a !== 'lib')).toEqual([]);
  });

  it('sees the folders and their imports', () => {
    const graph = webGraph();
    expect(graph.get('features/courses')).toContain('lib');
    expect(graph.get('app')).toContain('features/courses');
  });

  it('finds a loop when there is one', () => {
    const g = new Map([
      ['features/a', new Set(['features/b'])],
      ['features/b', new Set(['components'])],
      ['components', new Set(['features/a'])],
    ]);
    expect(loops(g)).toEqual(['components → features/a → features/b → components']);
  });
});
