import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { format } from '@shared/format-message';
import { adminMessages as adminText } from '@shared/messages/admin';

/**
 * Links between the admin lists and the pages they name (issue 52): a task opens its task page, a
 * user the Users tab filtered to them, a transaction the Transactions tab filtered to it.
 */
const linkClass = 'font-medium underline-offset-4 hover:underline';

export const adminSearchHref = (tab: string, search: string) =>
  `/admin?${new URLSearchParams({ tab, search }).toString()}`;

export function TaskLink({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Link to={`/task/${id}`} className={linkClass}>
      {children}
    </Link>
  );
}

export function UserLink({ id, name }: { id: string | null; name: string | null }) {
  const label = name ?? adminText.unknownUser;
  if (!id) return <span className="text-muted-foreground">{label}</span>;
  return (
    <Link to={adminSearchHref('users', id)} className={linkClass} title={format(adminText.openUserInAdmin, { name: label })}>
      {label}
    </Link>
  );
}

export function TransactionLink({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Link to={adminSearchHref('transactions', id)} className={`font-mono ${linkClass}`} title={id}>
      {children}
    </Link>
  );
}

/**
 * The ?search= a link opened the tab with, and a key that changes with it: a list keyed by it starts
 * again when a link inside the same tab names another search.
 */
export function useLinkedSearch(): string {
  const [params] = useSearchParams();
  return params.get('search') ?? '';
}
