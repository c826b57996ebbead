import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest globals are off, so Testing Library cannot register its own cleanup between tests.
afterEach(() => {
  cleanup();
});

// The component tests run beside the browser journeys at a low priority (scripts/test.mjs), where a
// lazily loaded form schema or a re-render can take seconds of wall time to arrive. A text or a call
// that never comes still fails the test; one that comes late no longer does (the default is 1 s).
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no ResizeObserver; Radix's checkbox and other parts measure themselves with one.
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
