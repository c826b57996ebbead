import { useId, useState } from 'react';
import { APPOINTMENTS } from '@shared/domain/appointments';
import { wallTimeInZone } from '@shared/domain/time-zone';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';

const appointmentsText = messages.appointments;

/** "2026-12-09T16:00" read as a wall-clock time in the task's zone, as an ISO instant; null when incomplete. */
export function instantOf(local: string, zone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  return wallTimeInZone(
    { year: year!, month: month!, day: day!, hour: hour!, minute: minute! },
    zone,
  ).toISOString();
}

interface Draft {
  start: string;
  end: string;
}

export interface VisitFormProps {
  title: string;
  zone: string;
  /** A reschedule: one window and a reason. */
  reschedule: boolean;
  /** The client counters with one window of their own; the expert offers up to three. */
  maxWindows: number;
  pending: boolean;
  onSubmit: (body: { windows: Array<{ start: string; end: string }>; reason?: string }) => void;
}

/** One to three windows (start and end, in the task's zone) and, for a reschedule, the reason. */
export function VisitForm({ title, zone, reschedule, maxWindows, pending, onSubmit }: VisitFormProps) {
  const id = useId();
  const [drafts, setDrafts] = useState<Draft[]>([{ start: '', end: '' }]);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const limit = Math.min(maxWindows, APPOINTMENTS.maxWindows);
  const set = (index: number, field: keyof Draft, value: string) =>
    setDrafts((current) => current.map((draft, i) => (i === index ? { ...draft, [field]: value } : draft)));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const windows = drafts.map((draft) => ({
      start: instantOf(draft.start, zone),
      end: instantOf(draft.end, zone),
    }));
    if (windows.some((window) => !window.start || !window.end)) return setError(appointmentsText.invalidWindow);
    if (reschedule && !reason.trim()) return setError(appointmentsText.reasonRequired);
    setError(null);
    onSubmit({
      windows: windows as Array<{ start: string; end: string }>,
      ...(reschedule ? { reason: reason.trim() } : {}),
    });
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className="font-medium">
        {title}
      </h3>
      <p className="text-sm text-muted-foreground">{format(appointmentsText.timesIn, { zone })}</p>
      {drafts.map((draft, index) => (
        <fieldset
          key={index}
          className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        >
          <legend className="px-1 text-sm font-medium">{format(appointmentsText.windowNumber, { n: index + 1 })}</legend>
          <div className="space-y-1">
            <Label htmlFor={`${id}-start-${index}`}>{appointmentsText.windowStart}</Label>
            <Input
              id={`${id}-start-${index}`}
              type="datetime-local"
              value={draft.start}
              onChange={(event) => set(index, 'start', event.target.value)}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-end-${index}`}>{appointmentsText.windowEnd}</Label>
            <Input
              id={`${id}-end-${index}`}
              type="datetime-local"
              value={draft.end}
              onChange={(event) => set(index, 'end', event.target.value)}
            />
          </div>
          {drafts.length > 1 ? (
            <Button
              type="button"
              variant="ghost"
              onClick={() => setDrafts((current) => current.filter((_, i) => i !== index))}
            >
              {format(appointmentsText.removeWindow, { n: index + 1 })}
            </Button>
          ) : null}
        </fieldset>
      ))}
      {drafts.length < limit ? (
        <Button
          type="button"
          variant="outline"
          onClick={() => setDrafts((current) => [...current, { start: '', end: '' }])}
        >
          {appointmentsText.addWindow}
        </Button>
      ) : null}
      {reschedule ? (
        <div className="space-y-1">
          <Label htmlFor={`${id}-reason`}>{appointmentsText.reasonLabel}</Label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={APPOINTMENTS.reasonMax}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? appointmentsText.sending : appointmentsText.send}
      </Button>
    </form>
  );
}
