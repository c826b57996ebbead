import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { format as formatDate } from 'date-fns';
import { ADMIN } from '@shared/constants';
import { TRANSACTION_STATUSES, type TransactionStatus } from '@shared/domain/enums';
import { formatUsd } from '@shared/domain/money';
import { format } from '@shared/format-message';
import { adminMessages as adminText } from '@shared/messages/admin';
import { priceChangesMessages } from '@shared/messages/price-changes';
import { Badge, type BadgeVariant } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { TableCell, TableHead, TableRow } from '@web/components/ui/table';
import { errorText, transactionsQuery, type TransactionsQuery } from '../admin-api';
import { PagedTable } from '../common/paged-table';
import { ListFilters } from '../common/list-filters';
import { humanize } from '../common/charts';
import { TaskLink, TransactionLink, UserLink, useLinkedSearch } from '../common/entity-links';

const STATUS_BADGE: Record<TransactionStatus, BadgeVariant> = {
  pending: 'outline',
  authorized: 'warning',
  captured: 'success',
  partially_refunded: 'secondary',
  refunded: 'secondary',
  voided: 'outline',
  failed: 'destructive',
};

const STATUS_FILTERS: readonly { value: TransactionsQuery['status']; label: string }[] = [
  { value: 'all', label: 'All Statuses' },
  ...TRANSACTION_STATUSES.map((status) => ({ value: status, label: humanize(status) })),
];

/** The transactions tab: status filter, id-prefix search, and the page of transactions. */
export default function TransactionsPanel() {
  const linked = useLinkedSearch();
  return <TransactionsList key={linked} linkedSearch={linked} />;
}

function TransactionsList({ linkedSearch }: { linkedSearch: string }) {
  const [query, setQuery] = useState<TransactionsQuery>({ page: 1, status: 'all', search: linkedSearch });
  const transactions = useQuery(transactionsQuery(query));
  const loadError = transactions.isError ? format(adminText.loadTransactionsFailed, { msg: errorText(transactions.error) }) : null;

  return (
    <section aria-labelledby="transactions-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="transactions-title" className="text-2xl font-semibold">
          Transactions
        </h1>
        {/* Issue 51: the filtered rows as CSV, with counter-offers, price changes, tips and payouts. */}
        <a
          href={`/api/admin/transactions/export?${new URLSearchParams({ status: query.status, search: query.search ?? '' }).toString()}`}
          download
          className="inline-flex items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Download aria-hidden="true" className="size-4" />
          {adminText.downloadTransactionsCsv}
        </a>
      </div>
      <Card>
        <CardHeader>
          <ListFilters
            searchId="admin-transaction-search"
            searchLabel="Search by transaction ID"
            initialSearch={linkedSearch}
            onSearch={(search) => setQuery((q) => ({ ...q, page: 1, search }))}
            filterLabel="Filter by status"
            filter={query.status}
            onFilter={(status) => setQuery((q) => ({ ...q, page: 1, status }))}
            options={STATUS_FILTERS}
            filterWidth="sm:w-44"
          />
        </CardHeader>
        <CardContent>
          <PagedTable
            list={transactions.data}
            page={query.page}
            onPage={(page) => setQuery((q) => ({ ...q, page }))}
            error={loadError}
            emptyText={adminText.noTransactions}
            head={
              <>
                <TableHead>Transaction ID</TableHead>
                <TableHead>Task</TableHead>
                <TableHead>Client</TableHead>
                <TableHead>Expert</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead className="text-right">Platform Fee</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Date</TableHead>
              </>
            }
            row={(row) => (
              <TableRow key={row.id}>
                <TableCell>
                  <TransactionLink id={row.id}>{row.id.slice(0, ADMIN.transactionIdPrefixLength)}</TransactionLink>
                </TableCell>
                <TableCell>
                  <TaskLink id={row.task_id}>{row.task_title ?? adminText.unknownTask}</TaskLink>
                </TableCell>
                <TableCell>
                  <UserLink id={row.client_id} name={row.client_name} />
                </TableCell>
                <TableCell>
                  {row.expert_id ? (
                    <UserLink id={row.expert_id} name={row.expert_name} />
                  ) : (
                    <span className="text-muted-foreground">{adminText.noExpert}</span>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatUsd(row.amount)}
                  {row.offer_amount !== null ? (
                    <span className="block text-xs text-muted-foreground">{format(adminText.offerRate, { amount: formatUsd(row.offer_amount) })}</span>
                  ) : null}
                  {row.price_changes.map((change, index) => (
                    <span key={index} className="block text-xs text-muted-foreground">
                      {format(adminText.priceChanged, { from: formatUsd(change.from), to: formatUsd(change.to) })}
                      {change.authorization === 'second_hold' ? ` · ${priceChangesMessages.authorizationSecondHold}` : ''}
                    </span>
                  ))}
                  {row.tip_amount > 0 ? (
                    <span className="block text-xs text-muted-foreground">{format(adminText.tipAmount, { amount: formatUsd(row.tip_amount) })}</span>
                  ) : null}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatUsd(row.platform_fee)} <span className="text-xs text-muted-foreground">({row.platform_fee_percent}%)</span>
                </TableCell>
                <TableCell>
                  <Badge variant={STATUS_BADGE[row.status]}>{row.status}</Badge>
                  {row.payout_status ? (
                    <span className="block text-xs text-muted-foreground">
                      {format(adminText.payoutOf, { status: humanize(row.payout_status), arrival: row.payout_arrival ?? '' })}
                    </span>
                  ) : null}
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(new Date(row.created_at), 'MMM d, yyyy')}</TableCell>
              </TableRow>
            )}
          />
        </CardContent>
      </Card>
    </section>
  );
}
