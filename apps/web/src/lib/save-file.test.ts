import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDate, saveFile } from './save-file.ts';

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('saveFile', () => {
  it('clicks a download link to an object URL with the name given, then lets the URL go', async () => {
    // jsdom has no object URLs: stand-ins that record what the helper does.
    const create = vi.fn(() => 'blob:report');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const file = new Blob(['a,b'], { type: 'text/csv' });
    saveFile(file, '学习报告-2025-03-07.csv');
    expect(create).toHaveBeenCalledWith(file);
    expect(clicked).toEqual([{ href: 'blob:report', download: '学习报告-2025-03-07.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(revoke).toHaveBeenCalledWith('blob:report');
  });

  it('names the day as yyyy-mm-dd in local time', () => {
    expect(localDate(new Date(2025, 2, 7, 23, 59))).toBe('2025-03-07');
  });
});
