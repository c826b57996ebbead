import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatDateTimeMedium } from '@shared/domain/plain-format';
import { format } from '@shared/format-message';
import { adminMessages as adminText } from '@shared/messages/admin';
import type { SystemSettingsDto } from '@shared/schemas/admin-dto';
import { parseFeeInput, parsePriceInputCents, systemSettingsSchema } from '@shared/schemas/admin.schemas';
import { fieldErrors } from '@shared/schemas/common.schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { adminKeys, errorText, saveSettings, settingsQuery } from '../admin-api';
import { ReviewWindowSetting } from '../disputes';
import { CancellationPolicySetting } from './cancellation-policy-setting';

interface FormState {
  fee: string;
  minPrice: string;
  maxPrice: string;
  maintenance: boolean;
  footer: string;
  email: string;
  tos: string;
  privacy: string;
}

const dollars = (cents: number) => (cents / 100).toFixed(2).replace(/\.00$/, '');
const toForm = (s: SystemSettingsDto): FormState => ({
  fee: String(s.platform_fee_percent),
  minPrice: dollars(s.min_task_price),
  maxPrice: dollars(s.max_task_price),
  maintenance: s.maintenance_mode,
  footer: s.footer_text,
  email: s.contact_email,
  tos: s.tos_content ?? '',
  privacy: s.privacy_policy_content ?? '',
});

/** The settings tab: Financials, General and Legal Content in one form with Save Settings. */
export default function SettingsPanel() {
  const settings = useQuery(settingsQuery);
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (settings.data) setForm(toForm(settings.data));
  }, [settings.data]);
  useEffect(() => {
    if (settings.isError) toast.error(adminText.loadSettingsFailed);
  }, [settings.isError]);

  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.settings, saved);
      await queryClient.invalidateQueries({ queryKey: ['public-settings'] });
      toast.success(adminText.settingsUpdated);
    },
    onError: (error) => toast.error(format(adminText.updateSettingsFailed, { msg: errorText(error) })),
  });

  if (settings.isError) return <p className="py-10 text-center text-destructive">{adminText.loadSettingsFailed}</p>;
  if (!form || !settings.data) return <Spinner label="Loading..." showLabel className="py-16" />;

  const set = <K extends keyof FormState>(key: K) => (value: FormState[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      platform_fee_percent: parseFeeInput(form.fee),
      min_task_price: parsePriceInputCents(form.minPrice),
      max_task_price: parsePriceInputCents(form.maxPrice),
      maintenance_mode: form.maintenance,
      footer_text: form.footer,
      contact_email: form.email,
      tos_content: form.tos,
      privacy_policy_content: form.privacy,
    };
    const parsed = systemSettingsSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(body);
  };

  return (
    <section aria-labelledby="settings-title" className="space-y-6">
      <div>
        <h1 id="settings-title" className="text-2xl font-semibold">
          System Settings
        </h1>
        <p className="text-sm text-muted-foreground">
          Last updated {formatDateTimeMedium(new Date(settings.data.updated_at))}
        </p>
      </div>
      <form onSubmit={submit} noValidate className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 className="text-lg">Financials</h2>
            </CardTitle>
            <CardDescription>The fee applies to new payment holds; price limits apply to new budgets and proposed rates.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-3">
            <Field label="Platform Fee %" error={errors.platform_fee_percent}>
              <Input type="number" inputMode="decimal" min={0} max={100} step={0.01} value={form.fee} onChange={(e) => set('fee')(e.target.value)} />
            </Field>
            <Field label="Minimum Task Price $" error={errors.min_task_price}>
              <Input type="number" inputMode="decimal" min={1} step={0.01} value={form.minPrice} onChange={(e) => set('minPrice')(e.target.value)} />
            </Field>
            <Field label="Maximum Task Price $" error={errors.max_task_price}>
              <Input type="number" inputMode="decimal" min={1} step={0.01} value={form.maxPrice} onChange={(e) => set('maxPrice')(e.target.value)} />
            </Field>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 className="text-lg">General</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <Field
              label="Maintenance Mode"
              orientation="horizontal"
              description="Visitors and signed-in non-admins see a maintenance page; their changes are refused. Admins keep working."
            >
              <Switch checked={form.maintenance} onCheckedChange={(checked) => set('maintenance')(checked)} />
            </Field>
            <Field label="Footer Text" error={errors.footer_text}>
              <Input value={form.footer} onChange={(e) => set('footer')(e.target.value)} />
            </Field>
            <Field label="Contact Email" error={errors.contact_email}>
              <Input type="email" value={form.email} onChange={(e) => set('email')(e.target.value)} />
            </Field>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 className="text-lg">Legal Content</h2>
            </CardTitle>
            <CardDescription>Empty texts show the default terms and privacy policy.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <Field label="Terms of Service" error={errors.tos_content}>
              <Textarea rows={10} value={form.tos} onChange={(e) => set('tos')(e.target.value)} />
            </Field>
            <Field label="Privacy Policy" error={errors.privacy_policy_content}>
              <Textarea rows={10} value={form.privacy} onChange={(e) => set('privacy')(e.target.value)} />
            </Field>
          </CardContent>
        </Card>
        <Button type="submit" disabled={save.isPending}>
          Save Settings
        </Button>
      </form>
      <ReviewWindowSetting />
      <CancellationPolicySetting />
    </section>
  );
}
