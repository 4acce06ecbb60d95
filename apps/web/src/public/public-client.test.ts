/**
 * The visitor page's script: the islands wait for the page's load event, so their scripts (React,
 * the island's component) never compete with the page's content and cover for the network.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

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
  loadIsland.mockClear();
  hydrateIslands.mockClear();
});

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
    expect(loadIsland).toHaveBeenCalledWith('storeSearch');
    await vi.waitFor(() => expect(hydrateIslands).toHaveBeenCalledTimes(1));
  });

  it('hydrates at once when the page had already loaded', async () => {
    withIsland();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    await import('./public-client.ts');
    expect(loadIsland).toHaveBeenCalledWith('storeSearch');
    await vi.waitFor(() => expect(hydrateIslands).toHaveBeenCalledTimes(1));
  });

  it('loads no island script on a page without islands', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    await import('./public-client.ts');
    expect(loadIsland).not.toHaveBeenCalled();
    expect(hydrateIslands).not.toHaveBeenCalled();
  });
});
