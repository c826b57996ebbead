import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { RefreshCw } from 'lucide-react';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent } from '@web/components/ui/tabs';
import { useMyExpertProfile } from '@web/lib/expert-profile';
import { useMe } from '@web/lib/session';
import { PaymentsTab } from './payments-tab';
import { TaskAlertsOffer } from '@web/components/task-alerts-offer';
import { ProfileDetailsTab } from './profile-details-tab';
import { allowedTabs, resolveTab } from './profile-tabs';
import { ProfileTabList } from './profile-tab-list';
import { SecurityTab } from './security/security-tab';
import { usePaymentReturn } from './use-payment-return';
import { VerificationTab } from './verification-tab';
import { NotificationsTab } from './notifications-tab';
import { ReceiptsTab } from './receipts-tab';
import { DevelopersTab } from './developers-tab';
import { AccountTab } from './account/account-tab';
import { RoleCard } from './role-card';

function LoadProblem({ title, onRefresh }: { title: string; onRefresh: () => void }) {
  return (
    <Card className="mx-auto max-w-md text-center">
      <CardHeader>
        <CardTitle asChild>
          <h1>{title}</h1>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={onRefresh}>
          <RefreshCw aria-hidden="true" />
          Refresh
        </Button>
      </CardContent>
    </Card>
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** An account made in the last day is greeted as new: "Welcome back" on a first visit reads wrong (issue 52). */
export function isNewAccount(createdAt: string, now: number = Date.now()): boolean {
  const made = Date.parse(createdAt);
  return Number.isFinite(made) && now - made < DAY_MS;
}

/** /profile (spec 000 section 2, Profile page): header, and tabs by user type. */
export default function ProfilePage() {
  const me = useMe();
  const isExpert = me.data?.roles.isExpert ?? false;
  const expert = useMyExpertProfile({ enabled: isExpert });
  const [params, setParams] = useSearchParams();
  const tab = resolveTab(params.get('tab'), isExpert);

  usePaymentReturn({
    params,
    setParams,
    ready: me.isSuccess && (!isExpert || expert.isSuccess || expert.isError),
    hasExpertProfile: Boolean(expert.data),
  });

  useEffect(() => {
    if (expert.isError) toast.error(messages.profile.loadYourProfileFailed);
  }, [expert.isError]);

  if (me.isPending) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center">
        <Spinner size="lg" label="Loading your profile" />
      </div>
    );
  }
  if (me.isError) return <LoadProblem title={messages.profile.loadFailed} onRefresh={() => void me.refetch()} />;
  const profile = me.data?.profile;
  if (!profile) return <LoadProblem title={messages.profile.notFound} onRefresh={() => void me.refetch()} />;

  const firstName = profile.first_name?.trim() || messages.profile.fallbackName;
  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  const selectTab = (next: string) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('tab', next);
    setParams(nextParams, { replace: true });
  };

  const expertPanel = (render: (e: NonNullable<typeof expert.data>) => ReactNode) => {
    if (expert.isPending) return <Spinner label="Loading your expert profile" />;
    if (expert.isError) return <LoadProblem title={messages.profile.loadFailed} onRefresh={() => void expert.refetch()} />;
    if (!expert.data) {
      return (
        <Alert variant="warning">
          <AlertTitle>{messages.paymentSetup.expertProfileNotFound}</AlertTitle>
          <AlertDescription>Complete the expert application to set up your expert profile.</AlertDescription>
        </Alert>
      );
    }
    return render(expert.data);
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header className="flex items-center gap-4">
        <Avatar src={profile.avatar_url} name={fullName || firstName} decorative className="size-14 text-lg" />
        <div>
          <h1 className="text-2xl font-semibold">{format(isNewAccount(profile.created_at) ? messages.firstUser.profileWelcomeNew : messages.profile.welcome, { name: firstName })}</h1>
          <p className="text-muted-foreground">{isExpert ? messages.profile.expertSubtitle : messages.profile.clientSubtitle}</p>
        </div>
      </header>

      <Tabs value={tab} onValueChange={selectTab}>
        {/* One row on a phone too: it scrolls sideways, keeps the active tab in sight and fades the edge with more. */}
        <ProfileTabList tabs={allowedTabs(isExpert)} value={tab} />
        <TabsContent value="profile" className="space-y-6">
          <ProfileDetailsTab profile={profile} />
          <RoleCard isExpert={isExpert} />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab isExpert={isExpert} />
        </TabsContent>
        {isExpert ? (
          <>
            <TabsContent value="verification">{expertPanel((e) => <VerificationTab expert={e} />)}</TabsContent>
            <TabsContent value="payments" className="space-y-6">
              {expertPanel((e) => (
                <>
                  <PaymentsTab expert={e} />
                  {/* The end of onboarding (issue 52): the provider returns the expert here, payable; alerts in one click. */}
                  {e.payment_setup_state === 'complete_active' ? <TaskAlertsOffer /> : null}
                </>
              ))}
            </TabsContent>
          </>
        ) : null}
        <TabsContent value="receipts">
          <ReceiptsTab />
        </TabsContent>
        <TabsContent value="developers">
          <DevelopersTab />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab />
        </TabsContent>
        <TabsContent value="account">
          <AccountTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
