import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BellOff } from 'lucide-react';
import { reachMessages as reachText } from '@shared/messages/reach';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { taskAlertSettingsQuery } from '@web/lib/task-alerts';

/** Issue 52: an expert whose task alerts are off hears of no new task; the dashboard says so and links the switch. */
export function TaskAlertsOffNote() {
  const settings = useQuery(taskAlertSettingsQuery);
  if (!settings.data || settings.data.enabled) return null;
  return (
    <Alert variant="info" data-testid="task-alerts-off">
      <BellOff aria-hidden="true" />
      <AlertDescription>
        <p>{reachText.alertsOffNote}</p>
        <Link to="/profile?tab=notifications" className="font-medium text-primary underline-offset-4 hover:underline">
          {reachText.alertsTurnOnLink}
        </Link>
      </AlertDescription>
    </Alert>
  );
}
