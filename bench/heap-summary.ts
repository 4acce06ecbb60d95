/**
 * What the server's heap holds after start, by module: a heap snapshot of the running server (its
 * `--heapsnapshot-signal`), its dominator tree, and each object counted once, for the module that
 * owns its nearest owned dominator. A module owns its scripts (the source text V8 keeps), the
 * functions compiled from them (with their bytecode) and the contexts their closures hold: what a
 * module keeps in its top-level variables (a cache, a table) is retained by that context. What no
 * module's object dominates (shared between modules, or held by the runtime) is "runtime/shared".
 * No library reads V8 snapshots without a browser download (memlab needs puppeteer), so this is
 * written here: Cooper–Harvey–Kennedy dominators on the snapshot's flat arrays.
 */
import fs from 'node:fs';
import path from 'node:path';

type Snapshot = {
  snapshot: {
    meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
};

/** The module a script URL or path belongs to: an npm package, or the app's own folder. */
export function moduleOfScript(url: string): string | null {
  const file = url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1]!;
  const app =
    /(apps\/server\/src\/(?:modules|platform)\/[^/]+|apps\/server\/src\/[^/]+|packages\/contract)/.exec(file);
  if (app) return app[1]!.replace(/\.ts$/, '');
  if (/apps\/web\/dist-ssr\//.test(file)) return 'apps/web/dist-ssr (the server-rendered pages)';
  // Node's own libraries: amaro is its TypeScript stripper, undici its fetch.
  const dep = /^node:internal\/deps\/([^/]+)/.exec(file);
  if (dep) return `node:${dep[1]}`;
  return null;
}

/** Sends the signal and waits (bounded) for the complete snapshot file in `dir`. */
export async function takeHeapSnapshot(pid: number, dir: string): Promise<string> {
  const before = new Set(fs.readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 120_000;
  let last = -1;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    if (!file) continue;
    const size = fs.statSync(path.join(dir, file)).size;
    // V8 writes the file in one go; the JSON ends with `]}` once it is whole.
    if (size > 0 && size === last) {
      const fd = fs.openSync(path.join(dir, file), 'r');
      const tail = Buffer.alloc(16);
      fs.readSync(fd, tail, 0, 16, Math.max(0, size - 16));
      fs.closeSync(fd);
      if (tail.toString().trimEnd().endsWith('}')) return path.join(dir, file);
    }
    last = size;
  }
  throw new Error('no heap snapshot within 120 s');
}

export type ModuleHeap = { module: string; bytes: number };

export function retainedByModule(file: string): { total: number; rows: ModuleHeap[] } {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
  const meta = snap.snapshot.meta;
  const NF = meta.node_fields.length;
  const EF = meta.edge_fields.length;
  const nodeField = (f: string) => meta.node_fields.indexOf(f);
  const [TYPE, NAME, SIZE, COUNT] = [
    nodeField('type'),
    nodeField('name'),
    nodeField('self_size'),
    nodeField('edge_count'),
  ] as const;
  const edgeField = (f: string) => meta.edge_fields.indexOf(f);
  const [ETYPE, ENAME, ETO] = [edgeField('type'), edgeField('name_or_index'), edgeField('to_node')] as const;
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const { nodes, edges, strings } = snap;
  const n = nodes.length / NF;
  const firstEdge = new Uint32Array(n + 1);
  for (let i = 0, e = 0; i < n; i++) {
    firstEdge[i] = e;
    e += nodes[i * NF + COUNT]! * EF;
    firstEdge[i + 1] = e;
  }
  const WEAK = edgeTypes.indexOf('weak');
  const CODE = nodeTypes.indexOf('code');
  const CLOSURE = nodeTypes.indexOf('closure');
  const edgeName = (e: number) => strings[edges[e + ENAME]!];

  // Owners: scripts by their URL; shared function infos through their script; closures through
  // their shared info; a closure's context belongs to the closure's module.
  const owner = new Int32Array(n).fill(-1);
  const moduleIds = new Map<string, number>();
  const names: string[] = [];
  const idOf = (m: string) => {
    let id = moduleIds.get(m);
    if (id === undefined) moduleIds.set(m, (id = names.push(m) - 1));
    return id;
  };
  const edgeTo = (i: number, name: string): number => {
    for (let e = firstEdge[i]!; e < firstEdge[i + 1]!; e += EF)
      if (
        edgeTypes[edges[e + ETYPE]!] !== 'element' &&
        edgeTypes[edges[e + ETYPE]!] !== 'hidden' &&
        edgeName(e) === name
      )
        return edges[e + ETO]! / NF;
    return -1;
  };
  for (let i = 0; i < n; i++) {
    if (nodes[i * NF + TYPE] !== CODE) continue;
    const name = strings[nodes[i * NF + NAME]!]!;
    const source = edgeTo(i, 'source');
    if (source >= 0 && (name.includes('/') || name.startsWith('file:'))) {
      const m = moduleOfScript(name);
      // The source text is also held by Node's module loader: it is still the module's.
      if (m) owner[i] = owner[source] = idOf(m);
    }
  }
  for (let i = 0; i < n; i++) {
    if (nodes[i * NF + TYPE] !== CODE) continue;
    const script = edgeTo(i, 'script');
    if (script >= 0 && owner[script]! >= 0) owner[i] = owner[script]!;
  }
  for (let i = 0; i < n; i++) {
    if (nodes[i * NF + TYPE] !== CLOSURE) continue;
    const shared = edgeTo(i, 'shared');
    if (shared < 0 || owner[shared]! < 0) continue;
    owner[i] = owner[shared]!;
    const context = edgeTo(i, 'context');
    if (context >= 0 && owner[context]! < 0) owner[context] = owner[shared]!;
  }

  // Dominators (Cooper, Harvey, Kennedy), from node 0 (the snapshot's root), weak edges left out.
  const order = new Int32Array(n).fill(-1); // node → post-order number
  const post: number[] = [];
  const stack: number[] = [0];
  const cursor = new Uint32Array(n);
  const seen = new Uint8Array(n);
  seen[0] = 1;
  cursor[0] = firstEdge[0]!;
  while (stack.length) {
    const v = stack[stack.length - 1]!;
    let pushed = false;
    while (cursor[v]! < firstEdge[v + 1]!) {
      const e = cursor[v]!;
      cursor[v] = e + EF;
      if (edges[e + ETYPE] === WEAK) continue;
      const w = edges[e + ETO]! / NF;
      if (!seen[w]) {
        seen[w] = 1;
        cursor[w] = firstEdge[w]!;
        stack.push(w);
        pushed = true;
        break;
      }
    }
    if (!pushed) {
      order[v] = post.length;
      post.push(v);
      stack.pop();
    }
  }
  const preds: number[][] = Array.from({ length: n }, () => []);
  for (let v = 0; v < n; v++) {
    if (order[v]! < 0) continue;
    for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e += EF) {
      if (edges[e + ETYPE] === WEAK) continue;
      const w = edges[e + ETO]! / NF;
      if (order[w]! >= 0) preds[w]!.push(v);
    }
  }
  const idom = new Int32Array(n).fill(-1);
  idom[0] = 0;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (order[a]! < order[b]!) a = idom[a]!;
      while (order[b]! < order[a]!) b = idom[b]!;
    }
    return a;
  };
  for (let changed = true, rounds = 0; changed && rounds < 100; rounds++) {
    changed = false;
    for (let k = post.length - 2; k >= 0; k--) {
      const v = post[k]!;
      let d = -1;
      for (const p of preds[v]!) if (idom[p]! >= 0) d = d < 0 ? p : intersect(p, d);
      if (d >= 0 && idom[v] !== d) {
        idom[v] = d;
        changed = true;
      }
    }
  }

  // Top-down (reverse post-order visits a dominator before what it dominates): each node takes its
  // own owner, else its dominator's.
  const held = new Int32Array(n).fill(-1);
  const bytes = new Float64Array(names.length + 1);
  let total = 0;
  for (let k = post.length - 1; k >= 0; k--) {
    const v = post[k]!;
    held[v] = owner[v]! >= 0 ? owner[v]! : v === 0 ? -1 : held[idom[v]!]!;
    const size = nodes[v * NF + SIZE]!;
    total += size;
    bytes[held[v]! >= 0 ? held[v]! : names.length]! += size;
  }
  const rows = names.map((module, id) => ({ module, bytes: bytes[id]! }));
  rows.push({ module: 'runtime/shared', bytes: bytes[names.length]! });
  return { total, rows: rows.sort((a, b) => b.bytes - a.bytes) };
}
