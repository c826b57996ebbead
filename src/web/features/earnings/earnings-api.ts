import { queryOptions, useMutation } from '@tanstack/react-query';
import type { EarningsDto } from '@shared/schemas/earnings.schemas';
import { api } from '@web/lib/api';

export interface EarningsFilter {
  from?: string;
  to?: string;
}

export const earningsQuery = (filter: EarningsFilter) =>
  queryOptions({
    queryKey: ['earnings', filter.from ?? '', filter.to ?? ''],
    queryFn: () => api.get<EarningsDto>('/api/earnings', { from: filter.from, to: filter.to }),
  });

/** The CSV download's address, with the page's filter (a plain link: the browser downloads it with the session cookie). */
export function csvHref(filter: EarningsFilter): string {
  const params = new URLSearchParams();
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  const query = params.toString();
  return `/api/earnings/export${query ? `?${query}` : ''}`;
}

export const statementHref = (year: number) => `/api/earnings/statements/${year}`;

/** Where the login link is opened (an object, so a test can watch it: jsdom's location cannot be replaced). */
export const browser = { open: (url: string) => window.location.assign(url) };

/** "Open payout dashboard": a one-time login link, opened in this tab. */
export function useOpenPayoutDashboard() {
  return useMutation({
    mutationFn: () => api.post<{ url: string }>('/api/earnings/dashboard-link'),
    onSuccess: ({ url }) => browser.open(url),
  });
}
