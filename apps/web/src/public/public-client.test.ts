/**
 * The visitor page's script: the islands wait for the page's load event, so their scripts (React,
 * the island's component) never compete with the page's content and cover for the network.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const loadIsland = vi.fn(() => Promise.resolve(() => null));
const hydrateIslands = vi.fn(() => Promise.resolve([]));
vi.mock('./island-components.ts', async (original) => ({
  ...(await original<typeof import('./island-components.ts')>()),
  loadIsland,
}));
vi.mock('./islands.tsx', () => ({ hydrateIslands }));

afterEach(() => {
  document.body.innerHTML = '';
  vi.resetModules();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  loadIsland.mockClear();
  hydrateIslands.mockClear();
});

// The browser's idle callbacks, run when the test says the main thread is idle.
let idle: (() => void)[] = [];
beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
});
const runIdle = () => idle.splice(0).forEach((fn) => fn());

const withIsland = () => {
  document.body.innerHTML = '<div data-island="storeSearch" data-island-props="{}"></div>';
};

describe('public-client', () => {
  it('loads and hydrates the islands only once the page has loaded', async () => {
    withIsland();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    await import('./public-client.ts');
    expect(loadIsland).not.toHaveBeenCalled();
    expect(hydrateIslands).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    // Not in the load event's own task: after the frame that paints the page (an idle callback).
    expect(loadIsland).not.toHaveBeenCalled();
    runIdle();
    expect(loadIsland).toHaveBeenCalledWith('storeSearch');
    await vi.waitFor(() => expect(hydrateIslands).toHaveBeenCalledTimes(1));
  });

  it('hydrates at the first idle moment when the page had already loaded', async () => {
    withIsland();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    await import('./public-client.ts');
    expect(loadIsland).not.toHaveBeenCalled();
    runIdle();
    expect(loadIsland).toHaveBeenCalledWith('storeSearch');
    await vi.waitFor(() => expect(hydrateIslands).toHaveBeenCalledTimes(1));
  });

  it('loads no island script on a page without islands', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    await import('./public-client.ts');
    runIdle();
    expect(loadIsland).not.toHaveBeenCalled();
    expect(hydrateIslands).not.toHaveBeenCalled();
  });
});
