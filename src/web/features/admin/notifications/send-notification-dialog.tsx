import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { format } from '@shared/format-message';
import { countText } from '@shared/plural';
import { adminMessages as adminText } from '@shared/messages/admin';
import type { AdminUserDto } from '@shared/schemas/admin-dto';
import { ADMIN_NOTIFICATION_LIMITS, sendNotificationSchema } from '@shared/schemas/admin.schemas';
import { fieldErrors } from '@shared/schemas/common.schemas';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { adminKeys, errorText, sendNotification, usersQuery } from '../admin-api';

type Audience = 'user' | 'role' | 'all';
type Role = 'client' | 'expert' | 'admin';

const nameOf = (user: AdminUserDto) => [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email || user.id;

/** Send Notification: to one user (found by email or name), to everyone with a role, or to everyone. */
export function SendNotificationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [audience, setAudience] = useState<Audience>('user');
  const [role, setRole] = useState<Role>('client');
  const [search, setSearch] = useState('');
  const [user, setUser] = useState<AdminUserDto | null>(null);
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const matches = useQuery({
    ...usersQuery({ page: 1, search: search.trim(), role: 'all' }),
    enabled: open && audience === 'user' && search.trim().length >= 2 && !user,
  });

  // A field's "required" error goes as soon as the field is filled in, not at the next submit.
  const clearError = (name: string) => setErrors((current) => (current[name] ? { ...current, [name]: '' } : current));

  const reset = () => {
    setAudience('user');
    setSearch('');
    setUser(null);
    setTitle('');
    setMessage('');
    setErrors({});
  };
  const send = useMutation({
    mutationFn: sendNotification,
    onSuccess: async (result) => {
      toast.success(countText(result.recipients, { one: adminText.notificationSentOne, other: adminText.notificationSent }));
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      reset();
      onOpenChange(false);
    },
    onError: (error) => toast.error(format(adminText.notificationSendFailed, { msg: errorText(error) })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      audience,
      title,
      message,
      ...(audience === 'user' && user ? { user_id: user.id } : {}),
      ...(audience === 'role' ? { role } : {}),
    };
    const parsed = sendNotificationSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    send.mutate(body);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send Notification</DialogTitle>
          <DialogDescription>It reaches the bell, push and live updates like any other notification.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field label="Recipients">
            {(control) => (
              <Select value={audience} onValueChange={(value) => setAudience(value as Audience)}>
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="user">One user</SelectItem>
                  <SelectItem value="role">Everyone with a role</SelectItem>
                  <SelectItem value="all">Everyone</SelectItem>
                </SelectContent>
              </Select>
            )}
          </Field>
          {audience === 'user' ? (
            <div className="grid gap-2">
              <Field label="User (search by email or name)" error={errors.user_id}>
                <Input
                  type="search"
                  value={user ? `${nameOf(user)} (${user.email ?? ''})` : search}
                  onChange={(event) => {
                    setUser(null);
                    setSearch(event.target.value);
                    clearError('user_id');
                  }}
                  autoComplete="off"
                />
              </Field>
              {!user && matches.data && matches.data.rows.length > 0 ? (
                <ul aria-label="Matching users" className="max-h-48 overflow-y-auto rounded-md border">
                  {matches.data.rows.map((candidate) => (
                    <li key={candidate.id}>
                      <button
                        type="button"
                        className="w-full px-3 py-2 text-left text-sm hover:bg-muted focus-visible:bg-muted"
                        onClick={() => {
                          setUser(candidate);
                          clearError('user_id');
                        }}
                      >
                        {nameOf(candidate)} <span className="text-muted-foreground">{candidate.email}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
              {!user && matches.data && matches.data.rows.length === 0 ? (
                <p className="text-sm text-muted-foreground">{adminText.noUsers}</p>
              ) : null}
            </div>
          ) : null}
          {audience === 'role' ? (
            <Field label="Role" error={errors.role}>
              {(control) => (
                <Select value={role} onValueChange={(value) => setRole(value as Role)}>
                  <SelectTrigger {...control}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="client">Clients</SelectItem>
                    <SelectItem value="expert">Experts</SelectItem>
                    <SelectItem value="admin">Admins</SelectItem>
                  </SelectContent>
                </Select>
              )}
            </Field>
          ) : null}
          <Field label="Title" error={errors.title} required>
            <Input value={title} maxLength={ADMIN_NOTIFICATION_LIMITS.titleMax + 10} onChange={(event) => {
              setTitle(event.target.value);
              clearError('title');
            }} />
          </Field>
          <Field label="Message" error={errors.message} required>
            <Textarea rows={4} value={message} onChange={(event) => {
              setMessage(event.target.value);
              clearError('message');
            }} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              Send
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
