import { Search } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';

/** The admin lists' search box and its Search button (inside the list's own search form). */
export function SearchField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor={props.id} className="sr-only">
        {props.label}
      </label>
      <Input
        id={props.id}
        type="search"
        placeholder={props.label}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className="sm:max-w-xs"
      />
      <Button type="submit">
        <Search aria-hidden="true" />
        Search
      </Button>
    </>
  );
}
