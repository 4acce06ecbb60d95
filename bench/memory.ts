/**
 * Memory: the server process (run as `npm start` runs it: Node strips the types); PostgreSQL is every `postgres`
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

/** Samples memory every 250 ms while load runs, keeping the peak. */
export function sampleMemory(serverPid: number): { stop: () => Memory } {
  const peak: Memory = { serverRssMb: 0, pgPssMb: 0, pgProcesses: 0 };
  const take = () => {
    const m = memoryOf(serverPid);
    peak.serverRssMb = Math.max(peak.serverRssMb, m.serverRssMb);
    peak.pgPssMb = Math.max(peak.pgPssMb, m.pgPssMb);
    peak.pgProcesses = Math.max(peak.pgProcesses, m.pgProcesses);
  };
  const timer = setInterval(take, 250);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      return peak;
    },
  };
}
