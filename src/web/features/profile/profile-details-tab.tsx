import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { updateNamesSchema, type ProfileDto, type UpdateNamesRequest } from '@shared/schemas/me.schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { api } from '@web/lib/api';
import { meQueryKey } from '@web/lib/session';
import { AvatarUpload } from './avatar-upload';

/** The Profile tab: picture and names (for everyone). */
export function ProfileDetailsTab({ profile }: { profile: ProfileDto }) {
  const queryClient = useQueryClient();
  const form = useForm<UpdateNamesRequest>({
    resolver: zodResolver(updateNamesSchema),
    defaultValues: { first_name: profile.first_name ?? '', last_name: profile.last_name ?? '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(' ');

  async function save(values: UpdateNamesRequest) {
    try {
      await api.patch('/api/me/profile', values);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      form.reset(values);
      toast.success(messages.profile.updated);
    } catch {
      toast.error(messages.profile.updateFailed);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Personal information</h2>
        </CardTitle>
        <CardDescription>Your name and photo as other users see them.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <AvatarUpload src={profile.avatar_url} name={fullName || messages.profile.fallbackName} />
        <form className="grid gap-4 sm:grid-cols-2" noValidate onSubmit={form.handleSubmit(save)}>
          <Field id="profile-first-name" label="First name" error={errors.first_name?.message}>
            <Input autoComplete="given-name" {...form.register('first_name')} />
          </Field>
          <Field id="profile-last-name" label="Last name" error={errors.last_name?.message}>
            <Input autoComplete="family-name" {...form.register('last_name')} />
          </Field>
          <Field id="profile-email" label="Email" className="sm:col-span-2">
            <Input type="email" value={profile.email ?? ''} readOnly disabled />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={isSubmitting || !isDirty}>
              {isSubmitting ? 'Saving...' : 'Save changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
