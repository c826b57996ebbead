import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { toast } from 'sonner';
import { PROXIMITY } from '@shared/constants';
import { reachMessages as reachText } from '@shared/messages/reach';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { ApiError } from '@web/lib/api';
import { saveTaskAlertSettings, taskAlertSettingsQuery } from '@web/lib/task-alerts';

/**
 * Task alerts in one click (issue 52), at the end of expert onboarding: the radius, then one button
 * that turns alerts on. Shown only while they are off; the expert's other alert choices are kept.
 */
export function TaskAlertsOffer() {
  const queryClient = useQueryClient();
  const settings = useQuery(taskAlertSettingsQuery);
  const [radiusText, setRadiusText] = useState<string | null>(null);
  const turnOn = useMutation({
    mutationFn: () => {
      const current = settings.data!;
      return saveTaskAlertSettings(queryClient, {
        enabled: true,
        radius_miles: Number(radiusText ?? current.radius_miles),
        categories: current.categories,
        min_budget: current.min_budget,
      });
    },
    onSuccess: () => toast.success(reachText.alertsTurnedOn),
    onError: (error) =>
      toast.error(error instanceof ApiError && error.status === 400 ? error.message : reachText.alertsSaveFailed),
  });
  if (!settings.data || settings.data.enabled) return null;
  return (
    <Alert variant="info" data-testid="task-alerts-offer">
      <BellRing aria-hidden="true" />
      <AlertTitle>{reachText.alertsOfferTitle}</AlertTitle>
      <AlertDescription>
        <p>{reachText.alertsOfferBody}</p>
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            turnOn.mutate();
          }}
        >
          <div className="space-y-1">
            <Label htmlFor="task-alerts-offer-radius">{reachText.alertsRadius}</Label>
            <Input
              id="task-alerts-offer-radius"
              type="number"
              min={1}
              max={PROXIMITY.expertRadiusMiles}
              inputMode="numeric"
              className="w-28"
              value={radiusText ?? String(settings.data.radius_miles)}
              onChange={(event) => setRadiusText(event.target.value)}
            />
          </div>
          <Button type="submit" size="sm" disabled={turnOn.isPending}>
            {reachText.alertsOfferButton}
          </Button>
        </form>
      </AlertDescription>
    </Alert>
  );
}
