import { useState, type FormEvent } from 'react';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { DIRECTORY_BADGES, DIRECTORY_SORTS, type DirectoryBadge, type DirectorySort } from '@shared/schemas/directory.schemas';
import { LocationPicker, type LocationResult } from '@web/components/location-picker';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input, inputClasses } from '@web/components/ui/input';
import { RADIUS_CHOICES, RATING_CHOICES, RESPONSE_CHOICES, type DirectoryState } from './directory-params';

const invitationsText = messages.invitations;
const SORT_TEXT: Record<DirectorySort, string> = { distance: messages.directory.sortDistance, rating: messages.directory.sortRating };
const BADGE_TEXT: Record<DirectoryBadge, string> = { community_trust: invitationsText.badgeCommunity, background_check: invitationsText.badgeBackground };

/** The directory's filters: edits stay local until "Search", which writes them to the address. */
export function DirectoryFilters({ state, onApply }: { state: DirectoryState; onApply: (next: DirectoryState) => void }) {
  const [draft, setDraft] = useState(state);
  const [place, setPlace] = useState<LocationResult | null>(
    state.place
      ? { name: state.place.label, lat: state.place.latitude, lng: state.place.longitude, address: state.place.label, country: '', region: null }
      : null,
  );
  const set = (patch: Partial<DirectoryState>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      ...draft,
      expertise: draft.expertise?.trim() || undefined,
      place: place ? { latitude: place.lat, longitude: place.lng, label: place.address || place.name } : undefined,
      page: 1,
    });
  };
  const selectClass = `${inputClasses} h-9`;
  return (
    <form onSubmit={submit} aria-label={invitationsText.filtersLabel} className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="sm:col-span-2">
        <LocationPicker value={place} onChange={setPlace} label={invitationsText.placeLabel} />
      </div>
      <Field label={invitationsText.distanceLabel}>
        <select className={selectClass} value={draft.radius} onChange={(e) => set({ radius: Number(e.target.value) })}>
          {RADIUS_CHOICES.map((miles) => (
            <option key={miles} value={miles}>
              {format(messages.discovery.distanceOption, { miles })}
            </option>
          ))}
        </select>
      </Field>
      <Field label={invitationsText.sortLabel}>
        <select className={selectClass} value={draft.sort} onChange={(e) => set({ sort: e.target.value as DirectorySort })}>
          {DIRECTORY_SORTS.map((value) => (
            <option key={value} value={value}>
              {SORT_TEXT[value]}
            </option>
          ))}
        </select>
      </Field>
      <Field label={invitationsText.expertiseLabel}>
        <Input value={draft.expertise ?? ''} maxLength={100} placeholder={invitationsText.expertisePlaceholder} onChange={(e) => set({ expertise: e.target.value })} />
      </Field>
      <Field label={invitationsText.minRatingLabel}>
        <select
          className={selectClass}
          value={draft.minRating ?? ''}
          onChange={(e) => set({ minRating: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">{invitationsText.anyOption}</option>
          {RATING_CHOICES.map((rating) => (
            <option key={rating} value={rating}>
              {format(invitationsText.minRatingOption, { rating })}
            </option>
          ))}
        </select>
      </Field>
      <Field label={invitationsText.badgeLabel}>
        <select className={selectClass} value={draft.badge ?? ''} onChange={(e) => set({ badge: (e.target.value || undefined) as DirectoryBadge | undefined })}>
          <option value="">{invitationsText.anyOption}</option>
          {DIRECTORY_BADGES.map((badge) => (
            <option key={badge} value={badge}>
              {BADGE_TEXT[badge]}
            </option>
          ))}
        </select>
      </Field>
      <Field label={invitationsText.responseLabel}>
        <select
          className={selectClass}
          value={draft.maxResponseMins ?? ''}
          onChange={(e) => set({ maxResponseMins: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">{invitationsText.anyOption}</option>
          {RESPONSE_CHOICES.map((choice) => (
            <option key={choice.mins} value={choice.mins}>
              {format(invitationsText.responseOption, { label: choice.label })}
            </option>
          ))}
        </select>
      </Field>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit">{invitationsText.search}</Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => onApply({ place: state.place, radius: 100, sort: 'distance', page: 1 })}
        >
          {messages.discovery.clearFilters}
        </Button>
      </div>
    </form>
  );
}
