import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { cancellationPolicyValues, DEFAULT_CANCELLATION_POLICY } from '@shared/domain/cancellation-policy';
import { percentText } from '@shared/domain/fee-share';
import { cancellationsMessages as text } from '@shared/messages/cancellations';
import { legalMessages } from '@shared/messages/legal';
import { mapMessages } from '@shared/messages/map';
import { shellMessages } from '@shared/messages/shell';
import { LogoHeader } from '@web/app/shell/logo-header';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { usePublicSettings } from '@web/lib/public-settings';

/**
 * /cancellation-policy (issue 50, docs/decisions/0460): the published policy with the numbers in force,
 * read from the public settings, so an admin's change shows at once. Public: linked from the hire
 * dialog, the task page and every cancel dialog.
 */
export default function CancellationPolicyPage() {
  const { data: settings, isPending, isError, refetch } = usePublicSettings();
  const policy = settings?.cancellation_policy ?? DEFAULT_CANCELLATION_POLICY;
  const values = { ...cancellationPolicyValues(policy), fee: percentText(settings?.platform_fee_percent ?? 10) };
  const fill = (template: string) => template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name as keyof typeof values] ?? whole);

  return (
    <div className="flex min-h-screen flex-col">
      <LogoHeader width="max-w-3xl" />
      <main className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 py-10">
        <Link to="/" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {legalMessages.backHome}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">{text.pageTitle}</h1>
        {isPending ? (
          <Spinner label={shellMessages.loading} showLabel />
        ) : isError ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {legalMessages.loadFailed}
              <Button type="button" size="sm" variant="outline" onClick={() => void refetch()}>
                {mapMessages.retry}
              </Button>
            </AlertDescription>
          </Alert>
        ) : (
          <div className="space-y-6 leading-relaxed" data-testid="cancellation-policy">
            <p>{text.pageIntro}</p>
            <section className="space-y-2" aria-labelledby="policy-free">
              <h2 id="policy-free" className="text-xl font-semibold">
                {text.pageFreeHeading}
              </h2>
              <ul className="list-disc space-y-1 pl-6">
                {text.pageFreeItems.map((item) => (
                  <li key={item}>{fill(item)}</li>
                ))}
              </ul>
              <p>{text.pageFreeResult}</p>
            </section>
            <section className="space-y-2" aria-labelledby="policy-late">
              <h2 id="policy-late" className="text-xl font-semibold">
                {text.pageLateHeading}
              </h2>
              <p>{fill(text.pageLateText)}</p>
            </section>
            <section className="space-y-2" aria-labelledby="policy-expert">
              <h2 id="policy-expert" className="text-xl font-semibold">
                {text.pageExpertHeading}
              </h2>
              <p>{text.pageExpertText}</p>
            </section>
            <section className="space-y-2" aria-labelledby="policy-reasons">
              <h2 id="policy-reasons" className="text-xl font-semibold">
                {text.pageReasonHeading}
              </h2>
              <p>{text.pageReasonText}</p>
            </section>
          </div>
        )}
      </main>
    </div>
  );
}
