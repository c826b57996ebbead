// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DrawWhenVisible } from './draw-when-visible';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;
let observed: { callback: Callback; disconnected: boolean }[] = [];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  observed = [];
});

function stubObserver() {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: { callback: Callback; disconnected: boolean };
      constructor(callback: Callback) {
        this.entry = { callback, disconnected: false };
        observed.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
}

describe('DrawWhenVisible', () => {
  it('draws nothing until the box scrolls into view, then draws and stops watching', () => {
    stubObserver();
    render(
      <DrawWhenVisible>
        <svg data-testid="drawing" />
      </DrawWhenVisible>,
    );
    expect(screen.getByTestId('chart-drawing')).toBeEmptyDOMElement();
    act(() => observed[0]!.callback([{ isIntersecting: false }]));
    expect(screen.queryByTestId('drawing')).toBeNull();
    act(() => observed[0]!.callback([{ isIntersecting: true }]));
    expect(screen.getByTestId('drawing')).toBeInTheDocument();
    expect(observed[0]!.disconnected).toBe(true);
  });

  it('draws at once where the browser cannot tell visibility', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <DrawWhenVisible>
        <svg data-testid="drawing" />
      </DrawWhenVisible>,
    );
    expect(screen.getByTestId('drawing')).toBeInTheDocument();
  });
});
