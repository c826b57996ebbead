import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';

const discoveryText = messages.discovery;

/** Previous / "Page N of M" / Next under a paged list (task search, expert directory). */
export function PagePager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <nav aria-label={discoveryText.pagesLabel} className="flex items-center justify-center gap-3 pt-2 text-sm">
      <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {discoveryText.previousPage}
      </Button>
      <span>{format(discoveryText.pageOf, { page, pages })}</span>
      <Button type="button" variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {discoveryText.nextPage}
      </Button>
    </nav>
  );
}
