import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { applyHeapGrowth, heapGrowthFlag } from './heap-growth.ts';

describe('the old space growth factor (V8_HEAP_GROWING_PERCENT)', () => {
  it('is 100% unless configured, and 0 leaves V8 its own', () => {
    expect(loadConfig({}).V8_HEAP_GROWING_PERCENT).toBe(100);
    expect(loadConfig({ V8_HEAP_GROWING_PERCENT: '0' }).V8_HEAP_GROWING_PERCENT).toBe(0);
    expect(() => loadConfig({ V8_HEAP_GROWING_PERCENT: '-1' })).toThrow(/V8_HEAP_GROWING_PERCENT/);
    const set: string[] = [];
    applyHeapGrowth(0, (f) => set.push(f));
    applyHeapGrowth(50, (f) => set.push(f));
    expect(set).toEqual(['--heap-growing-percent=50']);
    expect(heapGrowthFlag(0)).toBeNull();
  });
});
