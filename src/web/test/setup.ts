import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest globals are off, so Testing Library cannot register its own cleanup between tests.
afterEach(() => {
  cleanup();
});

// jsdom has no ResizeObserver; Radix's checkbox and other parts measure themselves with one.
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
