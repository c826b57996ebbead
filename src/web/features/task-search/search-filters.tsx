import { useState, type FormEvent } from 'react';
import { TASK_CATEGORIES, TASK_URGENCIES } from '@shared/domain/enums';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { TASK_SEARCH_SORTS, type SearchCentre, type TaskSearchSort } from '@shared/schemas/discovery.schemas';
import { LocationPicker, type LocationResult } from '@web/components/location-picker';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input, inputClasses } from '@web/components/ui/input';
import { RADIUS_CHOICES, type TaskSearchState } from './search-params';

const discoveryText = messages.discovery;
const SORT_TEXT: Record<TaskSearchSort, string> = {
  newest: discoveryText.sortNewest,
  nearest: discoveryText.sortNearest,
  budget: discoveryText.sortBudget,
  due_date: discoveryText.sortDueDate,
};

/** The expert's service location as the picker's value: its text, else its coordinates. */
const serviceLocationValue = (centre: SearchCentre): LocationResult => {
  const text = centre.label || `${centre.latitude.toFixed(2)}, ${centre.longitude.toFixed(2)}`;
  return { name: text, lat: centre.latitude, lng: centre.longitude, address: text, country: '', region: null };
};

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Math.max(0, Math.round(Number(text))));

/**
 * The filters form: edits stay local until "Apply filters", which writes them to the address.
 * `serviceLocation` is the centre the server used when no place is chosen (the expert's own): the
 * "Search near" field shows it, but it is not written to the address, so the search keeps following
 * the service location.
 */
export function SearchFilters({
  state,
  onApply,
  serviceLocation = null,
}: {
  state: TaskSearchState;
  onApply: (next: TaskSearchState) => void;
  serviceLocation?: SearchCentre | null;
}) {
  const [draft, setDraft] = useState(state);
  const [place, setPlace] = useState<LocationResult | null>(
    state.place
      ? { name: state.place.label, lat: state.place.latitude, lng: state.place.longitude, address: state.place.label, country: '', region: null }
      : null,
  );
  const set = (patch: Partial<TaskSearchState>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      ...draft,
      place: place ? { latitude: place.lat, longitude: place.lng, label: place.address || place.name } : undefined,
      page: 1,
    });
  };
  const selectClass = `${inputClasses} h-9`;
  return (
    <form onSubmit={submit} aria-label={discoveryText.filtersLabel} className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Field label={discoveryText.categoryLabel}>
        <select className={selectClass} value={draft.category ?? ''} onChange={(e) => set({ category: (e.target.value || undefined) as TaskSearchState['category'] })}>
          <option value="">{discoveryText.anyOption}</option>
          {TASK_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {messages.taskPages.categories[value]}
            </option>
          ))}
        </select>
      </Field>
      <Field label={discoveryText.urgencyLabel}>
        <select className={selectClass} value={draft.urgency ?? ''} onChange={(e) => set({ urgency: (e.target.value || undefined) as TaskSearchState['urgency'] })}>
          <option value="">{discoveryText.anyOption}</option>
          {TASK_URGENCIES.map((value) => (
            <option key={value} value={value}>
              {messages.taskPages.urgencies[value]}
            </option>
          ))}
        </select>
      </Field>
      <Field label={discoveryText.distanceLabel}>
        <select className={selectClass} value={draft.radius} onChange={(e) => set({ radius: Number(e.target.value) })}>
          {RADIUS_CHOICES.map((miles) => (
            <option key={miles} value={miles}>
              {format(discoveryText.distanceOption, { miles })}
            </option>
          ))}
        </select>
      </Field>
      <Field label={discoveryText.sortLabel}>
        <select className={selectClass} value={draft.sort} onChange={(e) => set({ sort: e.target.value as TaskSearchSort })}>
          {TASK_SEARCH_SORTS.map((value) => (
            <option key={value} value={value}>
              {SORT_TEXT[value]}
            </option>
          ))}
        </select>
      </Field>
      <Field label={discoveryText.budgetMinLabel}>
        <Input type="number" min={0} inputMode="numeric" value={draft.minDollars ?? ''} onChange={(e) => set({ minDollars: numberOrUndefined(e.target.value) })} />
      </Field>
      <Field label={discoveryText.budgetMaxLabel}>
        <Input type="number" min={0} inputMode="numeric" value={draft.maxDollars ?? ''} onChange={(e) => set({ maxDollars: numberOrUndefined(e.target.value) })} />
      </Field>
      <Field label={discoveryText.dueBeforeLabel}>
        <Input type="date" value={draft.dueBefore ?? ''} onChange={(e) => set({ dueBefore: e.target.value || undefined })} />
      </Field>
      <div className="space-y-1 sm:col-span-2">
        <LocationPicker
          value={place ?? (serviceLocation ? serviceLocationValue(serviceLocation) : null)}
          onChange={setPlace}
          label={discoveryText.placeLabel}
        />
        {place ? (
          <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={() => setPlace(null)}>
            {discoveryText.placeMine}
          </Button>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit">{discoveryText.applyFilters}</Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setPlace(null);
            onApply({ radius: 100, sort: 'newest', view: state.view, page: 1 });
          }}
        >
          {discoveryText.clearFilters}
        </Button>
      </div>
    </form>
  );
}
