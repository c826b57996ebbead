import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { TASK_CATEGORIES, type TaskCategory } from '@shared/domain/enums';
import { centsToDollars, dollarsToCents } from '@shared/domain/money';
import { format } from '@shared/format-message';
import { reachMessages as reachText } from '@shared/messages/reach';
import { taskPagesMessages } from '@shared/messages/task-pages';
import type { NotificationChannel } from '@shared/notify/notification-categories';
import type { PreferenceRowDto } from '@shared/schemas/notification-preferences.schemas';
import type { TaskAlertSettingsInput } from '@shared/schemas/task-alerts.schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { ApiError } from '@web/lib/api';
import { saveTaskAlertSettings, taskAlertSettingsQuery } from '@web/lib/task-alerts';

/** The task alerts' delivery channels: the task_alerts row of the notification preferences. */
export interface TaskAlertChannels {
  row: PreferenceRowDto | undefined;
  busy: boolean;
  onChange: (channel: NotificationChannel, enabled: boolean) => void;
}

/**
 * An expert's task alerts: on/off, radius, categories and minimum budget (issue 19). Issue 52: the
 * one switch that turns alerts on; the email and push switches of task alerts live under it and show
 * only while alerts are on, so nothing looks on while no alert is sent.
 */
export function TaskAlertsCard({ channels }: { channels?: TaskAlertChannels }) {
  const queryClient = useQueryClient();
  const query = useQuery(taskAlertSettingsQuery);
  const [draft, setDraft] = useState<TaskAlertSettingsInput | null>(null);
  const [radiusText, setRadiusText] = useState('');
  const [budgetText, setBudgetText] = useState('');
  useEffect(() => {
    if (!query.data || draft) return;
    setDraft({
      enabled: query.data.enabled,
      radius_miles: query.data.radius_miles,
      categories: query.data.categories,
      min_budget: query.data.min_budget,
    });
    setRadiusText(String(query.data.radius_miles));
    setBudgetText(String(centsToDollars(query.data.min_budget)));
  }, [query.data, draft]);
  const save = useMutation({
    mutationFn: (input: TaskAlertSettingsInput) => saveTaskAlertSettings(queryClient, input),
    onSuccess: () => toast.success(reachText.alertsSaved),
    onError: (error) =>
      toast.error(error instanceof ApiError && error.status === 400 ? error.message : reachText.alertsSaveFailed),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    save.mutate({
      ...draft,
      radius_miles: Number(radiusText),
      min_budget: dollarsToCents(Number(budgetText) || 0),
    });
  };
  const toggleCategory = (category: TaskCategory, on: boolean) =>
    setDraft(
      (current) =>
        current && {
          ...current,
          categories: on
            ? [...current.categories, category]
            : current.categories.filter((c) => c !== category),
        },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{reachText.alertsTitle}</h2>
        </CardTitle>
        <CardDescription>{format(reachText.alertsIntro, { cap: query.data?.hourly_cap ?? 5 })}</CardDescription>
      </CardHeader>
      <CardContent>
        {!draft ? (
          query.isError ? (
            <p className="text-sm text-destructive">{reachText.alertsSaveFailed}</p>
          ) : (
            <Spinner />
          )
        ) : (
          <form className="space-y-4" onSubmit={submit}>
            {query.data && !query.data.has_location ? (
              <p className="text-sm text-muted-foreground">{reachText.alertsNeedLocation}</p>
            ) : null}
            {/* Label left, switch right: the same row as Browser notifications above it (issue 25). */}
            <div className="flex items-center justify-between gap-4 rounded-lg border bg-muted/40 p-3">
              <Label htmlFor="task-alerts-enabled" className="font-medium">
                {reachText.alertsEnabled}
              </Label>
              <Switch
                id="task-alerts-enabled"
                className="shrink-0"
                checked={draft.enabled}
                onCheckedChange={(enabled) => setDraft({ ...draft, enabled })}
              />
            </div>
            {query.data?.enabled && channels?.row ? (
              <fieldset className="space-y-2" data-testid="task-alert-channels">
                <legend className="mb-2 text-sm font-medium">{reachText.alertsChannelsLegend}</legend>
                {(['email', 'push'] as const).map((channel) => (
                  <div key={channel} className="flex items-center justify-between gap-4">
                    <Label htmlFor={`task-alerts-${channel}`}>
                      {channel === 'email' ? reachText.alertsByEmail : reachText.alertsByPush}
                    </Label>
                    <Switch
                      id={`task-alerts-${channel}`}
                      className="shrink-0"
                      checked={channels.row![channel]}
                      disabled={channels.busy}
                      onCheckedChange={(enabled) => channels.onChange(channel, enabled)}
                    />
                  </div>
                ))}
              </fieldset>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1">
                <Label htmlFor="task-alerts-radius">{reachText.alertsRadius}</Label>
                <Input
                  id="task-alerts-radius"
                  type="number"
                  min={1}
                  max={100}
                  inputMode="numeric"
                  value={radiusText}
                  onChange={(e) => setRadiusText(e.target.value)}
                />
              </div>
              <div className="space-y-1">
                <Label htmlFor="task-alerts-budget">{reachText.alertsMinBudget}</Label>
                <Input
                  id="task-alerts-budget"
                  type="number"
                  min={0}
                  inputMode="decimal"
                  value={budgetText}
                  onChange={(e) => setBudgetText(e.target.value)}
                />
              </div>
            </div>
            <fieldset className="space-y-2">
              <legend className="mb-2 text-sm font-medium">{reachText.alertsCategories}</legend>
              {TASK_CATEGORIES.map((category) => (
                <div key={category} className="flex items-center gap-2">
                  <Checkbox
                    id={`task-alerts-${category}`}
                    checked={draft.categories.includes(category)}
                    onCheckedChange={(on) => toggleCategory(category, on === true)}
                  />
                  <Label htmlFor={`task-alerts-${category}`}>{taskPagesMessages.categories[category]}</Label>
                </div>
              ))}
            </fieldset>
            <Button type="submit" disabled={save.isPending}>
              {reachText.alertsSave}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
