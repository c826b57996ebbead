import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { moneySettingsSchema, type MoneySettingsDto } from '@shared/schemas/disputes.schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { api, ApiError } from '@web/lib/api';

const key = ['admin', 'money-settings'] as const;

/**
 * The auto-release review window (docs/decisions/0112), shown on the admin Settings tab. It has its own
 * Save button because it is stored and validated by the money-settings route, not the settings form.
 */
export function ReviewWindowSetting() {
  const client = useQueryClient();
  const current = useQuery({ queryKey: key, queryFn: () => api.get<MoneySettingsDto>('/api/admin/money-settings') });
  const [hours, setHours] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (current.data) setHours(String(current.data.review_window_hours));
  }, [current.data]);

  const save = useMutation({
    mutationFn: (body: MoneySettingsDto) => api.put<MoneySettingsDto>('/api/admin/money-settings', body),
    onSuccess: (saved) => {
      client.setQueryData(key, saved);
      toast.success(messages.admin.settingsUpdated);
    },
    onError: (failure) => toast.error(failure instanceof ApiError ? failure.message : String(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = moneySettingsSchema.safeParse({ review_window_hours: Number(hours) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">Payment Release</h2>
        </CardTitle>
        <CardDescription>
          When the client neither confirms nor rejects submitted evidence within this window, the payment is released to
          the expert. It always ends before the card hold expires.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
          <Field label={messages.holds.reviewWindowLabel} error={error}>
            <Input type="number" inputMode="numeric" min={1} max={160} step={1} value={hours} onChange={(e) => setHours(e.target.value)} />
          </Field>
          <Button type="submit" variant="outline" disabled={save.isPending || !current.data}>
            Save Review Window
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
