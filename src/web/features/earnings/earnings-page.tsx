import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, ExternalLink, FileText } from 'lucide-react';
import { formatUsd } from '@shared/domain/money';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { EarningTotals } from '@shared/schemas/earnings.schemas';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { DateInput } from '@web/components/ui/date-input';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import {
  csvHref,
  earningsQuery,
  statementHref,
  useOpenPayoutDashboard,
  type EarningsFilter,
} from './earnings-api';
import { EarningsTable } from './earnings-table';

const text = messages.earnings;

function TotalsCard({ title, totals }: { title: string; totals: EarningTotals }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-base">{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-semibold tabular-nums">{formatUsd(totals.net_cents)}</p>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <dt>{text.agreedPrice}</dt>
          <dd className="text-right tabular-nums">{formatUsd(totals.price_cents)}</dd>
          <dt>{text.platformFee}</dt>
          <dd className="text-right tabular-nums">-{formatUsd(totals.platform_fee_cents)}</dd>
          <dt>{text.providerFee}</dt>
          <dd className="text-right tabular-nums">-{formatUsd(totals.provider_fee_cents)}</dd>
          <dt>{text.tip}</dt>
          <dd className="text-right tabular-nums">{formatUsd(totals.tip_cents)}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The expert's earnings and payouts (issue 51, decision 0470): totals, the date filter, the table and the downloads. */
export default function EarningsPage() {
  const [filter, setFilter] = useState<EarningsFilter>({});
  const [draft, setDraft] = useState<EarningsFilter>({});
  const earnings = useQuery(earningsQuery(filter));
  const dashboard = useOpenPayoutDashboard();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ from: draft.from || undefined, to: draft.to || undefined });
  };
  const clear = () => {
    setDraft({});
    setFilter({});
  };

  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{text.title}</h1>
          <p className="text-muted-foreground">{text.intro}</p>
        </div>
        <Button variant="outline" onClick={() => dashboard.mutate()} disabled={dashboard.isPending}>
          <ExternalLink aria-hidden="true" />
          {dashboard.isPending ? text.openingDashboard : text.openDashboard}
        </Button>
      </header>
      {dashboard.isError && (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(dashboard.error, text.loadFailed)}</AlertDescription>
        </Alert>
      )}

      {earnings.isPending && <Spinner />}
      {earnings.isError && (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(earnings.error, text.loadFailed)}</AlertDescription>
        </Alert>
      )}
      {earnings.data && (
        <>
          <section aria-label={text.title} className="grid gap-4 sm:grid-cols-2">
            <TotalsCard title={text.thisMonth} totals={earnings.data.totals.month} />
            <TotalsCard title={text.thisYear} totals={earnings.data.totals.year} />
          </section>
          {earnings.data.totals.held_cents > 0 && (
            <p className="text-sm text-muted-foreground">
              {text.held}: <span className="tabular-nums">{formatUsd(earnings.data.totals.held_cents)}</span>
            </p>
          )}

          <form onSubmit={apply} className="flex flex-wrap items-end gap-3" aria-label={text.applyFilter}>
            <DateInput
              label={text.from}
              value={draft.from ?? ''}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            />
            <DateInput
              label={text.to}
              value={draft.to ?? ''}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            />
            <Button type="submit">{text.applyFilter}</Button>
            {(filter.from || filter.to) && (
              <Button type="button" variant="ghost" onClick={clear}>
                {text.clearFilter}
              </Button>
            )}
          </form>

          {(filter.from || filter.to) && (
            <p role="status" className="font-medium">
              {format(text.shownTotal, { amount: formatUsd(earnings.data.totals.shown.net_cents) })}
            </p>
          )}

          <div className="flex flex-wrap gap-3">
            <Button asChild variant="outline">
              <a href={csvHref(filter)} download>
                <Download aria-hidden="true" />
                {text.downloadCsv}
              </a>
            </Button>
            {earnings.data.years.map((year) => (
              <Button asChild variant="outline" key={year}>
                <a href={statementHref(year)} download>
                  <FileText aria-hidden="true" />
                  {format(text.yearlyStatement, { year: String(year) })}
                </a>
              </Button>
            ))}
          </div>

          {earnings.data.rows.length === 0 ? (
            <p className="text-muted-foreground">{text.empty}</p>
          ) : (
            <EarningsTable rows={earnings.data.rows} />
          )}
        </>
      )}
    </div>
  );
}
