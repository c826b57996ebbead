import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import type { AppointmentDto } from '@shared/schemas/appointments.schemas';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { api, ApiError } from '@web/lib/api';
import { taskPath } from '../task-query';
import { visitKey } from './visit-api';

const appointmentsText = messages.appointments;

/**
 * The person on site (issue 49): the client names them and they are sent a signed link; the hired
 * expert sees who will open the door. Nobody else gets here (the Visit card is the parties' own).
 */
export function OnsiteContact({ taskId, visit }: { taskId: string; visit: AppointmentDto }) {
  const id = useId();
  const queryClient = useQueryClient();
  const contact = visit.onsite_contact;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
  });
  const save = useMutation({
    mutationFn: () => api.put<{ message: string }>(taskPath(taskId, '/appointment/onsite-contact'), draft),
    onSuccess: (answer) => {
      toast.success(answer.message);
      setEditing(false);
      void queryClient.invalidateQueries({ queryKey: visitKey(taskId) });
    },
  });
  const isClient = visit.my_party === 'client';
  const error =
    save.error instanceof ApiError ? save.error.message : save.error ? messages.common.internal : null;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2 border-t pt-4" data-testid="onsite-contact">
      <h3 id={`${id}-title`} className="text-sm font-medium">
        {appointmentsText.onsiteTitle}
      </h3>
      {contact ? (
        <p className="text-sm">
          {[contact.name, contact.phone, contact.email].filter(Boolean).join(', ')}
          {visit.onsite_confirmed ? (
            <span className="block text-muted-foreground">{appointmentsText.onsiteConfirmedAt}</span>
          ) : null}
        </p>
      ) : isClient ? (
        <p className="text-sm text-muted-foreground">{appointmentsText.onsiteIntro}</p>
      ) : null}
      {isClient && !editing ? (
        <Button variant="outline" onClick={() => setEditing(true)}>
          {appointmentsText.onsiteTitle}
        </Button>
      ) : null}
      {isClient && editing ? (
        <form
          className="grid gap-2 sm:grid-cols-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          {(['name', 'email', 'phone'] as const).map((field) => (
            <div key={field} className="space-y-1">
              <Label htmlFor={`${id}-${field}`}>
                {field === 'name' ? appointmentsText.onsiteName : field === 'email' ? appointmentsText.onsiteEmail : appointmentsText.onsitePhone}
              </Label>
              <Input
                id={`${id}-${field}`}
                type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                autoComplete="off"
                value={draft[field]}
                onChange={(event) => setDraft((current) => ({ ...current, [field]: event.target.value }))}
              />
            </div>
          ))}
          {error ? (
            <p role="alert" className="text-sm text-destructive sm:col-span-3">
              {error}
            </p>
          ) : null}
          <Button type="submit" className="sm:col-span-3 sm:w-fit" disabled={save.isPending}>
            {appointmentsText.onsiteSave}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
