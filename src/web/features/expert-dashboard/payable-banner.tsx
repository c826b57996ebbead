import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { messages } from '@shared/messages';
import type { MyExpertProfileDto } from '@shared/schemas/expert-onboarding.schemas';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';

const dashboardsText = messages.taskPages.dashboards;

/**
 * Shown while the expert cannot be paid: without a submitted application it points to
 * /expert-verification, otherwise to the payments tab of the profile.
 */
export function PayableBanner({ expert }: { expert: MyExpertProfileDto | null }) {
  if (expert?.is_verified) return null;
  const needsApplication = !expert || !expert.application_submitted;
  return (
    <Alert variant="warning" data-testid="not-payable-banner">
      <AlertTriangle aria-hidden="true" />
      <AlertTitle>{dashboardsText.notPayableTitle}</AlertTitle>
      <AlertDescription>
        <p>{needsApplication ? dashboardsText.notPayableApplication : dashboardsText.notPayablePayments}</p>
        <Button asChild size="sm" variant="outline">
          <Link to={needsApplication ? '/expert-verification' : '/profile?tab=payments'}>
            {needsApplication ? dashboardsText.completeApplication : dashboardsText.completePayments}
          </Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
