import { useState, type FormEvent, type ReactNode } from 'react';
import { loadFormSchemas } from '@web/lib/load-form-schemas';
import { APPLICATIONS } from '@shared/constants';
import { format } from '@shared/format-message';
import { formatUsd } from '@shared/domain/money';
import { messages } from '@shared/messages';
import type { CreateApplicationInput } from '@shared/schemas/applications.schemas';
import type { ApplicationDto } from '@shared/schemas/task-api';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { cn } from '@web/components/ui/cn';
import { ApplicationStatusBadge } from './application-status-badge';

const detailsText = messages.taskPages.details;
const MAX = APPLICATIONS.coverLetterMaxLength;

type ApplyErrors = Partial<Record<'proposed_rate' | 'notes', string>>;

export interface ApplyFormProps {
  /** Sends the application (rate in cents); rejects when the server refuses it. */
  onApply: (input: CreateApplicationInput) => Promise<unknown>;
}

/** The expert's application: a proposed rate above 0 (step 0.01) and a required cover letter of at most 500 characters. */
export function ApplyForm({ onApply }: ApplyFormProps) {
  const [rate, setRate] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<ApplyErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas();
    if (!schemas) return;
    const { applicationFormSchema, fieldErrors } = schemas;
    const parsed = applicationFormSchema.safeParse({ proposed_rate: rate, notes });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors({ proposed_rate: found.proposed_rate, notes: found.notes });
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onApply(parsed.data);
    } catch {
      // The failure toast comes from the caller's action; the form keeps what was typed.
    } finally {
      setSubmitting(false);
    }
  };

  const atLimit = notes.length >= MAX;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{detailsText.applyTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          className="space-y-4"
          aria-label={detailsText.applyTitle}
        >
          <Field label={detailsText.rateLabel} error={errors.proposed_rate} required id="apply-rate">
            <Input
              type="number"
              inputMode="decimal"
              min={0.01}
              step={0.01}
              value={rate}
              onChange={(event) => setRate(event.target.value)}
            />
          </Field>
          <Field label={detailsText.coverLetterLabel} error={errors.notes} required id="apply-notes">
            {(control) => (
              <>
                <Textarea
                  {...control}
                  rows={5}
                  value={notes}
                  maxLength={MAX}
                  // maxLength stops typing; the slice also stops pasted text at the limit.
                  onChange={(event) => setNotes(event.target.value.slice(0, MAX))}
                  aria-describedby={[control['aria-describedby'], 'apply-notes-counter']
                    .filter(Boolean)
                    .join(' ')}
                />
                <p
                  id="apply-notes-counter"
                  className={cn('text-xs text-muted-foreground', atLimit && 'font-medium text-foreground')}
                  data-testid="cover-letter-counter"
                >
                  {format(detailsText.characterCount, { count: notes.length, max: MAX })}
                </p>
              </>
            )}
          </Field>
          <Button type="submit" disabled={submitting}>
            {submitting ? detailsText.applying : detailsText.submitApplication}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The expert's own application on the task, once sent. */
/** `children`: what follows the cover letter (the rate proposals, issue 51). */
export function MyApplication({ application, children }: { application: ApplicationDto; children?: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle asChild>
          <h2>{detailsText.yourApplication}</h2>
        </CardTitle>
        <ApplicationStatusBadge status={application.status} />
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        <p>
          <span className="text-muted-foreground">{detailsText.proposedRate}: </span>
          <span className="font-semibold tabular-nums">{formatUsd(application.proposed_rate)}</span>
        </p>
        <p className="whitespace-pre-wrap">{application.notes}</p>
        {children}
      </CardContent>
    </Card>
  );
}
