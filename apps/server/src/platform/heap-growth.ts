/**
 * How far V8 lets the old space grow past what its last full collection left before collecting again
 * (V8_HEAP_GROWING_PERCENT, docs/decisions/server-memory.md). Left to itself, V8 picks the factor
 * from its collection and allocation speeds, up to 4× on a large machine: under fast allocation the
 * old space grows to several times its live objects. A fixed factor bounds the peak, at the cost of
 * more full collections under load. 0 leaves V8's own choice.
 */
import v8 from 'node:v8';

export const heapGrowthFlag = (percent: number): string | null =>
  percent > 0 ? `--heap-growing-percent=${Math.trunc(percent)}` : null;

/** Applied at start: V8 reads the flag at each collection, so setting it after the VM started takes effect. */
export function applyHeapGrowth(percent: number, set: (flag: string) => void = v8.setFlagsFromString): void {
  const flag = heapGrowthFlag(percent);
  if (flag) set(flag);
}
