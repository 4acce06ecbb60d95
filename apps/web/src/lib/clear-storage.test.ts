import { describe, expect, it } from 'vitest';
import { clearAllStorage } from './clear-storage.ts';

describe('clearAllStorage', () => {
  it('clears sessionStorage, localStorage and expires every cookie', () => {
    sessionStorage.setItem('a', '1');
    localStorage.setItem('userInfo', '{}');
    localStorage.setItem('lang', 'en-US');
    document.cookie = 'sid=abc; path=/';
    document.cookie = 'theme=dark; path=/';
    expect(document.cookie).toContain('sid=abc');

    clearAllStorage();

    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });
});
