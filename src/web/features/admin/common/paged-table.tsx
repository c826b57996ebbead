import type { ReactNode } from 'react';
import { Table, TableBody, TableHeader, TableRow } from '@web/components/ui/table';
import { Pager } from './pager';

/** One page of an admin list, as the admin API answers it. */
export interface AdminPage<Row> {
  rows: Row[];
  total: number;
  pageSize: number;
}

/**
 * An admin list's table with what every list shows around it: the load error above, the empty text
 * when there is nothing, and the pager below. A `nested` list (a second card on a tab, like the audit
 * log) has a tighter empty line and a pager only when there is more than one page.
 */
export function PagedTable<Row>({
  head,
  list,
  row,
  page,
  onPage,
  emptyText,
  error,
  nested = false,
  summary,
  label,
}: {
  /** The header cells (TableHead). */
  head: ReactNode;
  list: AdminPage<Row> | undefined;
  /** One TableRow per row. */
  row: (row: Row) => ReactNode;
  page: number;
  onPage: (page: number) => void;
  emptyText: string;
  error?: string | null;
  nested?: boolean;
  summary?: (range: { from: number; to: number; total: number }) => string;
  /** The table's name: its scrolling box becomes a named, focusable region (axe scrollable-region-focusable). */
  label?: string;
}) {
  const showPager = list ? !nested || list.total > list.pageSize : false;
  return (
    <>
      {error ? <p className="py-6 text-center text-destructive">{error}</p> : null}
      {/* Table scrolls sideways in its own box (cards below 640 px): no second scrolling box around it. */}
      <Table stackOnPhone scrollLabel={label}>
        <TableHeader>
          <TableRow>{head}</TableRow>
        </TableHeader>
        <TableBody>{list?.rows.map(row)}</TableBody>
      </Table>
      {list && list.total === 0 ? (
        <p className={`${nested ? 'py-6' : 'py-8'} text-center text-muted-foreground`}>{emptyText}</p>
      ) : null}
      {list && showPager ? (
        <Pager page={page} pageSize={list.pageSize} total={list.total} onPage={onPage} summary={summary} />
      ) : null}
    </>
  );
}
