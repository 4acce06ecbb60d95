/**
 * Memory: the server process (run as `npm start` runs it: the build's JavaScript); PostgreSQL is every `postgres`
 * process below it. PSS (shared pages divided among the processes sharing them) is summed for
 * PostgreSQL, so its shared buffers count once.
 */
import fs from 'node:fs';

type ProcInfo = { pid: number; ppid: number; comm: string };

function processes(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      out.push({ pid: Number(entry), ppid, comm });
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

function descendants(root: number): ProcInfo[] {
  const all = processes();
  const found: ProcInfo[] = [];
  const queue = [root];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const p of all.filter((x) => x.ppid === parent)) {
      found.push(p);
      queue.push(p.pid);
    }
  }
  return found;
}

function kbField(file: string, field: string): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(file, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

export type Memory = { serverRssMb: number; pgPssMb: number; pgProcesses: number };

/** The server process and the embedded PostgreSQL it started. */
export function memoryOf(serverPid: number): Memory {
  const pgs = descendants(serverPid).filter((p) => p.comm === 'postgres');
  const pss = pgs.reduce((sum, p) => sum + kbField(`/proc/${p.pid}/smaps_rollup`, 'Pss'), 0);
  return {
    serverRssMb: Math.round(kbField(`/proc/${serverPid}/status`, 'VmRSS') / 1024),
    pgPssMb: Math.round(pss / 1024),
    pgProcesses: pgs.length,
  };
}

/** The server's own figures (prom-client's default metrics at /metrics), in MB. */
export type HeapParts = { heapMb: number; oldMb: number; newMb: number; externalMb: number };

async function heapParts(metricsUrl: string): Promise<HeapParts | null> {
  try {
    const text = await (await fetch(metricsUrl)).text();
    const mb = (re: RegExp) => Math.round(Number(re.exec(text)?.[1] ?? 0) / 2 ** 20);
    return {
      heapMb: mb(/^nodejs_heap_size_total_bytes (\S+)/m),
      oldMb: mb(/^nodejs_heap_space_size_total_bytes\{space="old"\} (\S+)/m),
      newMb: mb(/^nodejs_heap_space_size_total_bytes\{space="new"\} (\S+)/m),
      externalMb: mb(/^nodejs_external_memory_bytes (\S+)/m),
    };
  } catch {
    return null;
  }
}

/**
 * Samples memory every 250 ms while load runs, keeping the peak; with `metricsUrl`, also the server's
 * V8 heap and external memory at the sample where its RSS peaked (which part makes the peak), and
 * each row's own peak RSS (`row(name)` names the load from then on).
 */
export function sampleMemory(
  serverPid: number,
  metricsUrl?: string,
): {
  row: (name: string) => void;
  stop: () => Memory & { parts: HeapParts | null; rows: { name: string; serverRssMb: number }[] };
} {
  const peak: Memory = { serverRssMb: 0, pgPssMb: 0, pgProcesses: 0 };
  let parts: HeapParts | null = null;
  const rows: { name: string; serverRssMb: number }[] = [];
  let busy = false;
  const take = () => {
    const m = memoryOf(serverPid);
    const current = rows.at(-1);
    if (current) current.serverRssMb = Math.max(current.serverRssMb, m.serverRssMb);
    if (m.serverRssMb > peak.serverRssMb && metricsUrl && !busy) {
      busy = true;
      void heapParts(metricsUrl).then((p) => {
        busy = false;
        if (p) parts = p;
      });
    }
    peak.serverRssMb = Math.max(peak.serverRssMb, m.serverRssMb);
    peak.pgPssMb = Math.max(peak.pgPssMb, m.pgPssMb);
    peak.pgProcesses = Math.max(peak.pgProcesses, m.pgProcesses);
  };
  const timer = setInterval(take, 250);
  return {
    row: (name) => void rows.push({ name, serverRssMb: 0 }),
    stop: () => {
      clearInterval(timer);
      take();
      return { ...peak, parts, rows };
    },
  };
}
