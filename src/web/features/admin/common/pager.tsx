import { Button } from '@web/components/ui/button';

/** Previous / Next under an admin list, with an optional "Showing x to y of n ..." line. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  summary,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  summary?: (range: { from: number; to: number; total: number }) => string;
}) {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const last = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 pt-3 text-sm text-muted-foreground">
      <p aria-live="polite">{summary ? summary({ from, to, total }) : `Page ${page} of ${last}`}</p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= last} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </div>
  );
}
