/**
 * modules/ai's rooms meet one way (README.md): translate builds its kind of job on jobs, jobs spends
 * through cost and reads documents, cost estimates documents, and shared/ is under all of them. ESLint
 * holds each import to a room's index.ts; this holds the order, which no single-file rule sees.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const AI = import.meta.dirname;
const rooms = () =>
  readdirSync(AI, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/** room → the other rooms its source (tests aside) imports. */
function roomGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const room of rooms()) {
    const to = new Set<string>();
    for (const file of readdirSync(join(AI, room)).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    )) {
      const text = readFileSync(join(AI, room, file), 'utf8');
      for (const m of text.matchAll(/from '\.\.\/([a-z-]+)\//g))
        if (m[1] !== room && rooms().includes(m[1]!)) to.add(m[1]!);
    }
    graph.set(room, to);
  }
  return graph;
}

/** The rooms in an order where each imports only rooms after it, or the rooms caught in a loop. */
function order(graph: Map<string, Set<string>>): { order: string[]; loop: string[] } {
  const left = new Map([...graph].map(([room, to]) => [room, new Set(to)]));
  const done: string[] = [];
  for (;;) {
    const free = [...left].filter(([, to]) => [...to].every((r) => done.includes(r))).map(([room]) => room);
    if (free.length === 0) return { order: done, loop: [...left.keys()].sort() };
    for (const room of free.sort()) {
      done.push(room);
      left.delete(room);
    }
  }
}

describe("modules/ai's rooms", () => {
  it('import each other one way, with shared/ under all', () => {
    const graph = roomGraph();
    expect(order(graph).loop).toEqual([]);
    expect([...graph.get('shared')!]).toEqual([]);
    expect(order(graph).order).toEqual(['documents', 'shared', 'cost', 'jobs', 'translate']);
  });

  it('finds a loop (the check can fail)', () => {
    const looped = new Map([
      ['jobs', new Set(['cost'])],
      ['cost', new Set(['translate'])],
      ['translate', new Set(['jobs'])],
    ]);
    expect(order(looped).loop).toEqual(['cost', 'jobs', 'translate']);
  });
});
