/**
 * Modules meet through their faces, and their ties run one way (docs/decisions/module-meeting.md).
 * ESLint holds each import to another module's index.ts (eslint.config.js); this holds the whole
 * graph, which no single-file rule sees: a module's imports, plus a tie from each module that
 * publishes a domain event to each module that handles it (the handler runs inside the publisher's
 * call), so a handler that also imports its publisher is a two-way tie at run time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = import.meta.dirname;
type Graph = Map<string, Set<string>>;

/**
 * Loops of imports and events that cannot be broken yet, each with its reason; the list only shrinks.
 * (The last, attachments ⇄ courses, went when courses took to copying a release's attachments itself
 * and attachments to asking courses through a provider.)
 */
const ALLOWED_LOOPS: Record<string, string> = {};

/** The module's source files (tests aside, sub-folders too) and their text. */
function sources(mod: string): { file: string; text: string }[] {
  return readdirSync(join(MODULES, mod), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => ({ file, text: readFileSync(join(MODULES, mod, file), 'utf8') }));
}

const moduleNames = () =>
  readdirSync(MODULES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/** module → the other modules its source imports. */
function importGraph(): Graph {
  const graph: Graph = new Map();
  for (const mod of moduleNames()) {
    const targets = new Set<string>();
    for (const { file, text } of sources(mod)) {
      // Each relative import resolved from the file's own folder: a module's sub-folder
      // (modules/ai/jobs/) reaches another module as '../../courses/…'.
      for (const m of text.matchAll(/(?:from|import\()\s*'(\.\.?\/[^']+)'/g)) {
        const target = relative(MODULES, join(MODULES, mod, dirname(file), m[1]!)).split(sep);
        if (target.length > 1 && target[0] !== '..' && target[0] !== mod) targets.add(target[0]!);
      }
    }
    graph.set(mod, targets);
  }
  return graph;
}

/** The domain events' names, from the union in platform/domain-events.ts. */
const eventNames = (): Set<string> =>
  new Set(
    [
      ...readFileSync(join(MODULES, '../platform/domain-events.ts'), 'utf8').matchAll(
        /type: '([a-z]+\.[a-zA-Z]+)'/g,
      ),
    ].map((m) => m[1]!),
  );

/** publisher → the modules that handle one of its events. */
function eventGraph(): Graph {
  const names = eventNames();
  const publishers = new Map<string, Set<string>>();
  const handlers = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, event: string, mod: string) =>
    map.set(event, (map.get(event) ?? new Set()).add(mod));
  for (const mod of moduleNames()) {
    for (const { text } of sources(mod)) {
      for (const m of text.matchAll(/\.publish\(\s*\w+,\s*\{\s*type:\s*'([^']+)'/g))
        if (names.has(m[1]!)) add(publishers, m[1]!, mod);
      for (const m of text.matchAll(/\.on\(\s*'([^']+)'/g)) if (names.has(m[1]!)) add(handlers, m[1]!, mod);
    }
  }
  const graph: Graph = new Map();
  for (const [event, from] of publishers)
    for (const p of from)
      for (const h of handlers.get(event) ?? [])
        if (h !== p) graph.set(p, (graph.get(p) ?? new Set()).add(h));
  return graph;
}

function union(a: Graph, b: Graph): Graph {
  const graph: Graph = new Map();
  for (const g of [a, b])
    for (const [from, to] of g) graph.set(from, new Set([...(graph.get(from) ?? []), ...to]));
  return graph;
}

/** Every loop, as the modules round it (each found once, from its smallest name). */
function loops(graph: Graph): string[] {
  const found: string[] = [];
  const walk = (path: string[]) => {
    for (const next of graph.get(path.at(-1)!) ?? []) {
      if (next === path[0]) found.push([...path, next].join(' → '));
      else if (!path.includes(next) && next > path[0]!) walk([...path, next]);
    }
  };
  for (const start of [...graph.keys()].sort()) walk([start]);
  return found;
}

/** The pairs tied both ways, `a ↔ b` with a < b. */
const twoWay = (graph: Graph): string[] =>
  loops(graph)
    .map((loop) => loop.split(' → '))
    .filter((mods) => mods.length === 3)
    .map(([a, b]) => `${a} ↔ ${b}`);

describe('module graph', () => {
  it('has no module importing one that imports it back', () => {
    expect(loops(importGraph())).toEqual([]);
  });

  it('has no loop of imports and events but the allowed ones (and each allowed one is still there)', () => {
    const found = loops(union(importGraph(), eventGraph()));
    expect(found.filter((loop) => !(loop in ALLOWED_LOOPS))).toEqual([]);
    expect(Object.keys(ALLOWED_LOOPS).filter((loop) => !found.includes(loop))).toEqual([]);
  });

  it('sees the events: the store search handles what courses and teams publish', () => {
    const events = eventGraph();
    expect([...(events.get('courses') ?? [])]).toContain('search');
    expect([...(events.get('teams') ?? [])]).toContain('search');
  });

  it('finds a loop when there is one', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(loops(g)).toEqual(['a → b → c → a']);
  });

  it('finds a planted tie: a handler of an event importing its publisher', () => {
    // courses publishes course.released; were search to import courses, that is a tie both ways.
    const planted = union(importGraph(), eventGraph());
    planted.get('search')!.add('courses');
    expect(twoWay(planted)).toContain('courses ↔ search');
  });
});
