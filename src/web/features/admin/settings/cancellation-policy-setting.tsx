import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CancellationPolicySettings } from '@shared/domain/cancellation-policy';
import { messages } from '@shared/messages';
import { cancellationPolicySchema } from '@shared/schemas/cancellations.schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { api, ApiError } from '@web/lib/api';

const key = ['admin', 'cancellation-policy'] as const;
const text = messages.cancellations;
type Key = keyof CancellationPolicySettings;
const FIELDS: { name: Key; label: string }[] = [
  { name: 'cancel_free_hours_before_start', label: text.freeHoursLabel },
  { name: 'cancel_free_minutes_after_hire', label: text.freeMinutesLabel },
  { name: 'callout_fee_percent', label: text.calloutPercentLabel },
  { name: 'callout_fee_min_cents', label: text.calloutMinLabel },
];

/**
 * The cancellation policy's numbers (issue 50, docs/decisions/0460) on the admin Settings tab, with its
 * own Save: stored by its own route, and published at once on the public policy page.
 */
export function CancellationPolicySetting() {
  const client = useQueryClient();
  const current = useQuery({ queryKey: key, queryFn: () => api.get<CancellationPolicySettings>('/api/admin/cancellation-policy') });
  const [values, setValues] = useState<Record<Key, string>>({
    cancel_free_hours_before_start: '',
    cancel_free_minutes_after_hire: '',
    callout_fee_percent: '',
    callout_fee_min_cents: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  useEffect(() => {
    if (current.data) {
      const d = current.data;
      setValues({
        cancel_free_hours_before_start: String(d.cancel_free_hours_before_start),
        cancel_free_minutes_after_hire: String(d.cancel_free_minutes_after_hire),
        callout_fee_percent: String(d.callout_fee_percent),
        callout_fee_min_cents: String(d.callout_fee_min_cents),
      });
    }
  }, [current.data]);

  const save = useMutation({
    mutationFn: (body: CancellationPolicySettings) => api.put<CancellationPolicySettings>('/api/admin/cancellation-policy', body),
    onSuccess: (saved) => {
      client.setQueryData(key, saved);
      void client.invalidateQueries({ queryKey: ['public-settings'] });
      toast.success(text.settingsSaved);
    },
    onError: (failure) => toast.error(failure instanceof ApiError ? failure.message : String(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = cancellationPolicySchema.safeParse(Object.fromEntries(FIELDS.map(({ name }) => [name, values[name] === '' ? NaN : Number(values[name])])));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">{text.settingsTitle}</h2>
        </CardTitle>
        <CardDescription>{text.pageIntro}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
          {FIELDS.map(({ name, label }) => (
            <Field key={name} label={label} error={errors[name]}>
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={values[name]}
                onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              />
            </Field>
          ))}
          <div className="sm:col-span-2">
            <Button type="submit" variant="outline" disabled={save.isPending || !current.data}>
              {text.settingsSave}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
