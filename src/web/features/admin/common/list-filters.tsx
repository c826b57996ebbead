import { useState, type FormEvent } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { SearchField } from './search-field';

/**
 * An admin list's search form: the search box, sent trimmed on Search or Enter, and one filter
 * select that applies at once. The caller starts its list again at page 1 on either.
 */
export function ListFilters<V extends string>(props: {
  searchId: string;
  searchLabel: string;
  /** The search the list opened with (?search= of a link from another admin list). */
  initialSearch?: string;
  onSearch: (search: string) => void;
  filterLabel: string;
  filter: V;
  onFilter: (value: V) => void;
  options: readonly { value: V; label: string }[];
  /** The select's width from the sm breakpoint on. */
  filterWidth: string;
}) {
  const [draft, setDraft] = useState(props.initialSearch ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSearch(draft.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
      <SearchField id={props.searchId} label={props.searchLabel} value={draft} onChange={setDraft} />
      <Select value={props.filter} onValueChange={(value) => props.onFilter(value as V)}>
        <SelectTrigger aria-label={props.filterLabel} className={`sm:ml-auto ${props.filterWidth}`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {props.options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </form>
  );
}
