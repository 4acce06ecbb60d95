import { describe, expect, it } from 'vitest';
import { defaultSharedBuffersMb } from './embedded.ts';

describe('embedded PostgreSQL shared_buffers', () => {
  it('takes a quarter of the memory, between 128 MB and 2 GB', () => {
    const gib = 2 ** 30;
    expect(defaultSharedBuffersMb(0.25 * gib)).toBe(128);
    expect(defaultSharedBuffersMb(4 * gib)).toBe(1024);
    expect(defaultSharedBuffersMb(64 * gib)).toBe(2048);
  });
});
