import { useLayoutEffect, useRef, type ComponentProps } from 'react';
import { cn } from './cn';

/**
 * Scrolls sideways inside its own box on narrow screens; with `stackOnPhone`, each row is a card
 * below 640 px instead (class `table-stack` in styles/index.css), every cell labelled with its
 * column's header. The explicit table roles keep the table's semantics for screen readers when
 * the rows are displayed as blocks, and the header row stays in the accessibility tree.
 */
export function Table({
  className,
  stackOnPhone = false,
  scrollLabel,
  ...props
}: ComponentProps<'table'> & {
  stackOnPhone?: boolean;
  /**
   * Names the sideways-scrolling box as a region and makes it a Tab stop, so a keyboard user can
   * scroll a table wider than the screen (axe scrollable-region-focusable). Give it to tables
   * that can be wider than their box.
   */
  scrollLabel?: string;
}) {
  const ref = useRef<HTMLTableElement>(null);
  // Runs after every render: the rows are this component's children, so new rows re-render it.
  useLayoutEffect(() => {
    if (stackOnPhone && ref.current) labelStackedCells(ref.current);
  });
  // Sideways only: `overflow-x: auto` alone makes the vertical axis scrollable too, and an empty
  // stacked table (0 px tall) with its visually hidden header row could then measure a pixel of
  // vertical overflow at some sub-pixel offsets, an empty region axe flags as not focusable.
  return (
    <div
      data-slot="table-container"
      className="relative w-full overflow-x-auto overflow-y-hidden focus-visible:outline-2 focus-visible:outline-ring"
      {...(scrollLabel ? { role: 'region', 'aria-label': scrollLabel, tabIndex: 0 } : {})}
    >
      <table
        ref={ref}
        data-slot="table"
        className={cn('w-full caption-bottom text-sm', stackOnPhone && 'table-stack', className)}
        {...props}
      />
    </div>
  );
}

function labelStackedCells(table: HTMLTableElement) {
  table.setAttribute('role', 'table');
  const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
  for (const group of table.querySelectorAll('thead, tbody, tfoot')) group.setAttribute('role', 'rowgroup');
  for (const th of table.querySelectorAll('thead th')) th.setAttribute('role', 'columnheader');
  for (const row of table.querySelectorAll('tr')) {
    row.setAttribute('role', 'row');
    [...row.children].forEach((cell, index) => {
      if (cell.tagName !== 'TD') return;
      cell.setAttribute('role', 'cell');
      if (headers[index]) cell.setAttribute('data-label', headers[index]);
      else cell.removeAttribute('data-label');
    });
  }
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableFooter({ className, ...props }: ComponentProps<'tfoot'>) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn('border-t bg-muted font-medium [&>tr]:last:border-b-0', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn('border-b transition-colors hover:bg-muted/60 data-[state=selected]:bg-muted', className)}
      {...props}
    />
  );
}

export function TableHead({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      scope={scope}
      className={cn(
        'h-10 whitespace-nowrap px-2 text-left align-middle font-medium text-muted-foreground [&:has([role=checkbox])]:pr-0',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return (
    <td
      data-slot="table-cell"
      className={cn('whitespace-nowrap p-2 align-middle [&:has([role=checkbox])]:pr-0', className)}
      {...props}
    />
  );
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return (
    <caption
      data-slot="table-caption"
      className={cn('mt-4 text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
