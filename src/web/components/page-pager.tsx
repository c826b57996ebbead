import type { ReactNode } from 'react';
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

/**
 * A page of results as cards, with the pager under it when there is more than one page ("Page 1 of 1"
 * with both buttons disabled says nothing): the task search's and the expert directory's lists.
 */
export function PagedList<Item extends { id: string }>(props: {
  label: string;
  items: readonly Item[];
  renderItem: (item: Item) => ReactNode;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <div className="space-y-3">
      <ul className="space-y-3" aria-label={props.label}>
        {props.items.map((item) => (
          <li key={item.id}>{props.renderItem(item)}</li>
        ))}
      </ul>
      {props.pages > 1 ? <PagePager page={props.page} pages={props.pages} onPage={props.onPage} /> : null}
    </div>
  );
}
