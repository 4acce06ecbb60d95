/** Issue 33, item 5: the server speaks the `lang` cookie's language, so the app keeps it its own. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const clearCookies = () => {
  for (const c of document.cookie.split(/;\s*/)) {
    const name = c.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
};

// Each test starts the module afresh: another file of the worker may have imported it already.
beforeEach(() => vi.resetModules());
afterEach(() => {
  localStorage.clear();
  clearCookies();
  vi.resetModules();
});

describe('the language cookie', () => {
  it('is written again at start for a stored English choice that lost its cookie', async () => {
    localStorage.setItem('lang', 'en-US');
    clearCookies();
    await import('./index.ts');
    expect(document.cookie).toContain('lang=en-US');
  });

  it('is not written for someone who never chose (the server defaults to Chinese too)', async () => {
    clearCookies();
    await import('./index.ts');
    expect(document.cookie).not.toContain('lang=');
  });
});
