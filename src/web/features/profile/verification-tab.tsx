import { Link } from 'react-router';
import { format as formatDate } from 'date-fns';
import { FileText } from 'lucide-react';
import { verificationBadgeState } from '@shared/domain/expert';
import type { MyExpertProfileDto } from '@shared/schemas/expert-onboarding.schemas';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge, type BadgeVariant } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { TrustBadgesCard } from './trust-badges-card';

const BADGES: Record<'verified' | 'rejected' | 'pending', { label: string; variant: BadgeVariant }> = {
  verified: { label: 'Verified', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
  pending: { label: 'Pending', variant: 'warning' },
};

/** The Verification tab (experts): the trust badges, then the application as saved, with its private document. */
export function VerificationTab({ expert }: { expert: MyExpertProfileDto }) {
  const badge = BADGES[verificationBadgeState(expert.verification_status)];
  return (
    <div className="space-y-6">
      <TrustBadgesCard expertId={expert.id} />
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle asChild>
              <h2>Expert verification</h2>
            </CardTitle>
            <Badge variant={badge.variant}>{badge.label}</Badge>
          </div>
          <CardDescription>What clients learn about you, and the document you verified with.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {!expert.application_submitted ? (
            <Alert variant="info">
              <AlertTitle>Your expert application is not complete</AlertTitle>
              <AlertDescription>
                <p>Add your bio, expertise, service location and verification document.</p>
                <Button asChild size="sm" className="mt-2">
                  <Link to="/expert-verification">Complete your application</Link>
                </Button>
              </AlertDescription>
            </Alert>
          ) : (
            <dl className="grid gap-4 text-sm">
              <div>
                <dt className="font-medium">Bio</dt>
                <dd className="whitespace-pre-line text-muted-foreground">{expert.bio}</dd>
              </div>
              <div>
                <dt className="font-medium">Areas of Expertise</dt>
                <dd className="mt-1 flex flex-wrap gap-1">
                  {expert.expertise.map((area) => (
                    <Badge key={area} variant="secondary">
                      {area}
                    </Badge>
                  ))}
                </dd>
              </div>
              <div>
                <dt className="font-medium">Service Location</dt>
                <dd className="text-muted-foreground">{expert.location}</dd>
              </div>
              <div>
                <dt className="font-medium">Verification Document</dt>
                <dd>
                  {expert.document_path ? (
                    <a
                      href={expert.document_path}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                    >
                      <FileText className="size-4" aria-hidden="true" />
                      View document (opens in a new tab)
                    </a>
                  ) : (
                    <span className="text-muted-foreground">None on file</span>
                  )}
                  <p className="text-xs text-muted-foreground">
                    Only you and administrators can see this document.
                  </p>
                </dd>
              </div>
              {expert.lpca_terms_accepted_at ? (
                <div>
                  <dt className="font-medium">Payment Processing Terms</dt>
                  <dd className="text-muted-foreground">
                    Accepted on {formatDate(new Date(expert.lpca_terms_accepted_at), 'MMM d, yyyy')}
                  </dd>
                </div>
              ) : null}
              {/* The application page is closed once payment onboarding is complete. */}
              {!expert.stripe_onboarding_completed ? (
                <div>
                  <Button asChild variant="outline" size="sm">
                    <Link to="/expert-verification">Update application</Link>
                  </Button>
                </div>
              ) : null}
            </dl>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
