import { REVIEWS } from '@shared/constants';
import { Button } from '@web/components/ui/button';

/** Up to 5 page numbers around the current page. */
export function pageWindow(page: number, pageCount: number, max: number = REVIEWS.maxPageLinks): number[] {
  const size = Math.min(max, pageCount);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), Math.max(1, pageCount - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

/** Previous / Next with up to 5 page numbers (spec 001, Expert Profile screen). */
export function Pagination({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Review pages" className="flex flex-wrap items-center justify-center gap-1">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {pageWindow(page, pageCount).map((n) => (
        <Button
          key={n}
          variant={n === page ? 'default' : 'ghost'}
          size="sm"
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Page ${n}`}
          onClick={() => onPage(n)}
        >
          {n}
        </Button>
      ))}
      <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
