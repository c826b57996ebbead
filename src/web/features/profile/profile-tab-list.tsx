import { useCallback, useEffect, useRef, useState } from 'react';
import { TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { TAB_LABELS, type ProfileTab } from './profile-tabs';

/** How much of the neighbouring tab stays in sight when the active one is scrolled into view (past the 2rem fade). */
const PEEK_PX = 40;

export type TabOverflow = 'none' | 'start' | 'end' | 'both';

/** Which edges of a sideways-scrolling list have tabs beyond them. */
export function overflowOf(
  list: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>,
): TabOverflow {
  const before = list.scrollLeft > 1;
  const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
  if (before && after) return 'both';
  if (before) return 'start';
  return after ? 'end' : 'none';
}

/**
 * Scrolls `list` sideways (and nothing else: the page does not jump) until `tab` is in sight,
 * with a little of its neighbour showing so the user sees there is more.
 */
export function scrollTabIntoView(list: HTMLElement, tab: HTMLElement): void {
  const box = list.getBoundingClientRect();
  const tabBox = tab.getBoundingClientRect();
  if (tabBox.left < box.left) list.scrollLeft -= box.left - tabBox.left + PEEK_PX;
  else if (tabBox.right > box.right) list.scrollLeft += tabBox.right - box.right + PEEK_PX;
}

/** A fade on each edge that has tabs beyond it. */
const FADES: Record<TabOverflow, string> = {
  none: '',
  start: '[mask-image:linear-gradient(to_right,transparent,black_2rem)]',
  end: '[mask-image:linear-gradient(to_left,transparent,black_2rem)]',
  both: '[mask-image:linear-gradient(to_right,transparent,black_2rem,black_calc(100%_-_2rem),transparent)]',
};

/**
 * The profile's tab list. On a phone the five expert tabs do not fit one row: the list stays one row
 * and scrolls sideways inside itself, the active tab is kept in sight, and a fade marks the edge that
 * has more tabs. The tabs keep their roles and arrow keys (focus scrolls the focused tab into view).
 */
export function ProfileTabList({ tabs, value }: { tabs: ProfileTab[]; value: ProfileTab }) {
  const listRef = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<TabOverflow>('none');
  const measure = useCallback(() => {
    if (listRef.current) setOverflow(overflowOf(listRef.current));
  }, []);

  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (list && active) scrollTabIntoView(list, active);
    measure();
  }, [value, measure]);

  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  return (
    <TabsList
      ref={listRef}
      aria-label="Profile sections"
      data-overflow={overflow}
      onScroll={measure}
      className={`flex-nowrap overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden ${FADES[overflow]}`}
    >
      {tabs.map((tab) => (
        <TabsTrigger key={tab} value={tab} className="flex-none">
          {TAB_LABELS[tab]}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
