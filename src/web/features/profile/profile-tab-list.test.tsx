// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tabs } from '@web/components/ui/tabs';
import { allowedTabs, type ProfileTab } from './profile-tabs';
import { overflowOf, ProfileTabList, scrollTabIntoView } from './profile-tab-list';

/** A 390 px phone: the list is 350 px wide and each tab 100 px, so the expert's five tabs overflow it. */
const LIST_WIDTH = 350;
const TAB_WIDTH = 100;

function rect(left: number, width: number): DOMRect {
  return {
    left,
    right: left + width,
    width,
    top: 0,
    bottom: 36,
    height: 36,
    x: left,
    y: 0,
    toJSON: () => ({}),
  };
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.getAttribute('role') === 'tablist') return rect(0, LIST_WIDTH);
    const list = this.closest<HTMLElement>('[role="tablist"]');
    if (this.getAttribute('role') === 'tab' && list) {
      const index = [...list.querySelectorAll('[role="tab"]')].indexOf(this);
      return rect(index * TAB_WIDTH - list.scrollLeft, TAB_WIDTH);
    }
    return rect(0, 0);
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('role') === 'tablist' ? LIST_WIDTH : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('role') === 'tablist'
      ? this.querySelectorAll('[role="tab"]').length * TAB_WIDTH
      : 0;
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function TabsUnderTest({ initial }: { initial: ProfileTab }) {
  const [value, setValue] = useState<ProfileTab>(initial);
  return (
    <Tabs value={value} onValueChange={(next) => setValue(next as ProfileTab)}>
      <ProfileTabList tabs={allowedTabs(true)} value={value} />
    </Tabs>
  );
}

describe('ProfileTabList (one row that scrolls sideways on a phone)', () => {
  it('keeps the tabs on one row instead of wrapping them', () => {
    render(<TabsUnderTest initial="profile" />);
    const list = screen.getByRole('tablist', { name: 'Profile sections' });
    expect(list.className).not.toMatch(/\bflex-wrap\b/);
    expect(list.className).toMatch(/\bflex-nowrap\b/);
    expect(list.className).toMatch(/\boverflow-x-auto\b/);
    for (const tab of screen.getAllByRole('tab')) expect(tab.className).toMatch(/\bflex-none\b/);
  });

  it('scrolls the active tab into view when the page opens on a tab past the edge', () => {
    render(<TabsUnderTest initial="account" />);
    const list = screen.getByRole('tablist');
    // Account spans 400-500 px: the list scrolls so it ends inside the 350 px box, with room to spare.
    expect(list.scrollLeft).toBeGreaterThanOrEqual(500 - LIST_WIDTH);
    expect(list).toHaveAttribute('data-overflow', 'start');
  });

  it('marks the edge with more tabs, and leaves the list alone when the first tab is active', () => {
    render(<TabsUnderTest initial="profile" />);
    const list = screen.getByRole('tablist');
    expect(list.scrollLeft).toBe(0);
    expect(list).toHaveAttribute('data-overflow', 'end');
  });

  it('still moves between tabs with the arrow keys, and follows the newly active tab', async () => {
    render(<TabsUnderTest initial="payments" />);
    const payments = screen.getByRole('tab', { name: 'Payments' });
    act(() => payments.focus());
    fireEvent.keyDown(payments, { key: 'ArrowRight' });
    const receipts = screen.getByRole('tab', { name: 'Receipts' });
    // Radix moves focus on the next tick.
    await waitFor(() => expect(receipts).toHaveFocus());
    expect(receipts).toHaveAttribute('aria-selected', 'true');
    // Receipts spans 400-500 px: the list has scrolled it into the 350 px box.
    expect(screen.getByRole('tablist').scrollLeft).toBeGreaterThanOrEqual(500 - LIST_WIDTH);
  });
});

describe('overflowOf', () => {
  it('names the edges that have tabs beyond them', () => {
    expect(overflowOf({ scrollLeft: 0, clientWidth: 350, scrollWidth: 350 })).toBe('none');
    expect(overflowOf({ scrollLeft: 0, clientWidth: 350, scrollWidth: 500 })).toBe('end');
    expect(overflowOf({ scrollLeft: 60, clientWidth: 350, scrollWidth: 500 })).toBe('both');
    expect(overflowOf({ scrollLeft: 150, clientWidth: 350, scrollWidth: 500 })).toBe('start');
  });
});

describe('scrollTabIntoView', () => {
  function box(left: number, right: number) {
    return { getBoundingClientRect: () => rect(left, right - left) } as HTMLElement;
  }
  it('scrolls left or right only as far as needed, plus a peek of the neighbour', () => {
    const list = { ...box(0, 350), scrollLeft: 100 } as HTMLElement;
    scrollTabIntoView(list, box(100, 200));
    expect(list.scrollLeft).toBe(100);
    scrollTabIntoView(list, box(300, 400));
    expect(list.scrollLeft).toBe(100 + 50 + 40);
    scrollTabIntoView(list, box(-80, 20));
    expect(list.scrollLeft).toBe(190 - 80 - 40);
  });
});
