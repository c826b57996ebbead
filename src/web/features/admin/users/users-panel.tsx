import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { toast } from 'sonner';
import type { AppRole } from '@shared/domain/enums';
import { format } from '@shared/format-message';
import { pluralForm } from '@shared/plural';
import { adminMessages as adminText } from '@shared/messages/admin';
import { firstUserMessages as firstUserText } from '@shared/messages/first-user';
import type { AdminUserDto } from '@shared/schemas/admin-dto';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { TableCell, TableHead, TableRow } from '@web/components/ui/table';
import { addRole, adminKeys, errorText, removeRole, usersQuery, type UsersQuery } from '../admin-api';
import { PagedTable } from '../common/paged-table';
import { ListFilters } from '../common/list-filters';
import { useLinkedSearch } from '../common/entity-links';
import { AuditLog } from './audit-log';
import { ClientReports } from './client-reports';
import { PausedExperts } from './paused-experts';
import { SuspensionDialog } from './suspension-dialog';

const ROLE_FILTERS = [
  { value: 'all', label: 'All Roles' },
  { value: 'client', label: 'Client' },
  { value: 'expert', label: 'Expert' },
  { value: 'admin', label: 'Admin' },
] as const;

const fullName = (user: AdminUserDto) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || 'No name';

function joined(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? 'N/A'
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** The users tab: search, role filter, role badges and actions, then the audit log and client reports. */
export default function UsersPanel() {
  const linked = useLinkedSearch();
  return <UsersList key={linked} linkedSearch={linked} />;
}

/** ?search= (a user id from a link in another admin list) opens the list filtered to that user. */
function UsersList({ linkedSearch }: { linkedSearch: string }) {
  const [query, setQuery] = useState<UsersQuery>({ page: 1, search: linkedSearch, role: 'all' });
  const queryClient = useQueryClient();
  const users = useQuery(usersQuery(query));
  const loadError = users.isError ? format(adminText.loadUsersFailed, { msg: errorText(users.error) }) : null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const add = useMutation({
    mutationFn: ({ user, role }: { user: AdminUserDto; role: AppRole }) => addRole(user.id, role),
    onSuccess: async (result) => {
      if (result.changed) toast.success(format(adminText.roleAdded, { role: result.role }));
      else toast.info(format(adminText.roleAlreadyAssigned, { role: result.role }));
      await refresh();
    },
    onError: (error) => toast.error(format(adminText.updateRoleFailed, { msg: errorText(error) })),
  });
  const remove = useMutation({
    mutationFn: ({ user, role }: { user: AdminUserDto; role: AppRole }) => removeRole(user.id, role),
    onSuccess: async (result) => {
      toast.success(format(adminText.roleRemoved, { role: result.role }));
      await refresh();
    },
    onError: (error) => toast.error(format(adminText.removeRoleFailed, { msg: errorText(error) })),
  });

  const grant = (user: AdminUserDto, role: AppRole) => {
    if (user.roles.includes(role)) toast.info(format(adminText.roleAlreadyAssigned, { role }));
    else add.mutate({ user, role });
  };
  const busy = add.isPending || remove.isPending;

  return (
    <section aria-labelledby="users-title" className="space-y-6">
      <h1 id="users-title" className="text-2xl font-semibold">
        Users
      </h1>
      <Card>
        <CardHeader>
          <ListFilters
            searchId="admin-user-search"
            searchLabel={adminText.userSearchLabel}
            initialSearch={linkedSearch}
            onSearch={(search) => setQuery((q) => ({ ...q, page: 1, search }))}
            filterLabel="Filter by role"
            filter={query.role}
            onFilter={(role) => setQuery((q) => ({ ...q, page: 1, role }))}
            options={ROLE_FILTERS}
            filterWidth="sm:w-40"
          />
        </CardHeader>
        <CardContent>
          <PagedTable
            list={users.data}
            page={query.page}
            onPage={(page) => setQuery((q) => ({ ...q, page }))}
            summary={({ from, to, total }) =>
              format(pluralForm(total, { one: adminText.showingUsersOne, other: adminText.showingUsers }), {
                from,
                to,
                total,
              })
            }
            error={loadError}
            emptyText={adminText.noUsers}
            label={firstUserText.usersTable}
            head={
              <>
                {/* Named without text: the phone card layout labels each cell with its header's text, and an "Avatar" row there says nothing. */}
                <TableHead aria-label="Avatar" />
                <TableHead>Name</TableHead>
                <TableHead>Joined</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Roles</TableHead>
                <TableHead>Actions</TableHead>
              </>
            }
            row={(user) => {
              const deleted = user.account_status === 'deleted';
              return (
                <TableRow key={user.id}>
                  <TableCell>
                    <Avatar src={user.avatar_url} name={fullName(user)} className="size-8" decorative />
                  </TableCell>
                  <TableCell className="font-medium">
                    {fullName(user)}
                    <AccountStatusBadge status={user.account_status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{joined(user.created_at)}</TableCell>
                  {/* Long addresses wrap, so the Actions column stays inside the card at 1280 px. */}
                  <TableCell className="whitespace-normal break-all">{user.email}</TableCell>
                  <TableCell>
                    <RoleBadges
                      user={user}
                      disabled={busy}
                      onRemove={(role) => remove.mutate({ user, role })}
                    />
                  </TableCell>
                  <TableCell className="whitespace-normal">
                    <div className="flex min-w-32 flex-wrap gap-2">
                      {/* The name starts with the visible words, so "click Make Expert" works by voice (WCAG 2.5.3). */}
                      {/* A deleted account cannot sign in again: no role or suspension to give it. */}
                      {deleted ? null : !user.roles.includes('expert') ? (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={busy}
                          onClick={() => grant(user, 'expert')}
                          aria-label={`Make Expert: ${fullName(user)}`}
                        >
                          Make Expert
                        </Button>
                      ) : null}
                      {!deleted && !user.roles.includes('admin') ? (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={busy}
                          onClick={() => grant(user, 'admin')}
                          aria-label={`Make Admin: ${fullName(user)}`}
                        >
                          Make Admin
                        </Button>
                      ) : null}
                      {deleted ? null : (
                        <SuspensionDialog
                          userId={user.id}
                          name={fullName(user)}
                          suspended={user.account_status === 'suspended'}
                        />
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              );
            }}
          />
        </CardContent>
      </Card>
      <PausedExperts />
      <AuditLog />
      <ClientReports />
    </section>
  );
}

/** "Suspended" or "Deleted" beside the name; an active account shows nothing. */
function AccountStatusBadge({ status }: { status: AdminUserDto['account_status'] }) {
  if (status === 'active') return null;
  return (
    <Badge variant={status === 'suspended' ? 'warning' : 'outline'} className="ml-2">
      {status === 'suspended' ? firstUserText.accountSuspended : firstUserText.accountDeleted}
    </Badge>
  );
}

/**
 * admin (destructive) and expert (secondary) badges remove their role when clicked; a client-only badge is disabled.
 * The cross is an icon, not a "×" character, so the visible text is the role alone and the name starts with it.
 */
function RoleBadges({
  user,
  disabled,
  onRemove,
}: {
  user: AdminUserDto;
  disabled: boolean;
  onRemove: (role: AppRole) => void;
}) {
  if (user.roles.length === 0) {
    return (
      <Badge asChild variant="outline">
        <button type="button" disabled aria-label="client (cannot be removed)">
          client
        </button>
      </Badge>
    );
  }
  return (
    <div className="flex flex-wrap gap-1">
      {user.roles.map((role) => (
        <Badge key={role} asChild variant={role === 'admin' ? 'destructive' : 'secondary'}>
          <button
            type="button"
            disabled={disabled}
            onClick={() => onRemove(role)}
            aria-label={`${role}: Remove the ${role} role from ${fullName(user)}`}
            title={`Remove the ${role} role`}
            className="cursor-pointer hover:opacity-80"
          >
            {role}
            <X aria-hidden="true" />
          </button>
        </Badge>
      ))}
    </div>
  );
}
