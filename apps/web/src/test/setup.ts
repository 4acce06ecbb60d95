import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { resetSharedState } from './shared-state.ts';

// Testing Library waits 1 s by default; a page rendered through antd in jsdom is CPU-bound and takes
// a few seconds on CI's two cores shared by two workers. One value for every find, set here only: a
// longer wait in a test would hide a cause (a lazy page imported cold, a real timer) to fix instead.
configure({ asyncUtilTimeout: 5000 });

// Files that run as on the server (`@vitest-environment node`) have no DOM to set up.
if (typeof window !== 'undefined') {
  // jsdom lacks the layout APIs antd's responsive helpers call.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });

  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver ??= ResizeObserverStub;

  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  });

  // The files of a worker share its modules and its window (`isolate: false`, vite.config.ts): what
  // a file leaves there is put back as a fresh worker has it before the next file starts.
  afterAll(resetSharedState);
}

// The data router builds `new Request(url, { signal })` with jsdom's AbortSignal, which Node's
// Request (undici) refuses. Tests never abort router requests, so the signal is left out there.
const NodeRequest = globalThis.Request;
class TestRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    if (init?.signal) {
      const { signal: _signal, ...rest } = init;
      super(input, rest);
    } else super(input, init);
  }
}
globalThis.Request = TestRequest;
