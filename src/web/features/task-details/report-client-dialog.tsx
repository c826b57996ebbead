import { useState, type FormEvent } from 'react';
import { loadFormSchemas } from '@web/lib/load-form-schemas';
import { Flag } from 'lucide-react';
import { FLAG_SEVERITIES, type FlagSeverity } from '@shared/domain/enums';
import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { api, ApiError } from '@web/lib/api';
import { taskPath, useTaskAction } from './task-query';

const detailsText = messages.taskPages.details;

/** A refusal keeps the server's words; a failed request asks to try again; anything else is unexpected. */
function reportFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return messages.reports.loginRequired;
    if (error.status >= 400 && error.status < 500 && error.message) return error.message;
    return messages.reports.submitFailed;
  }
  return messages.reports.unexpectedError;
}

/** The assigned expert reports the client (payment not authorized or expired): a reason and a severity. */
export function ReportClientDialog({ taskId }: { taskId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [severity, setSeverity] = useState<FlagSeverity>('warning');
  const [error, setError] = useState<string | null>(null);
  const report = useTaskAction<{ reason: string; severity: FlagSeverity }>({
    taskId,
    run: (input) => api.post(taskPath(taskId, '/report-client'), input),
    success: messages.reports.submitted,
    failure: reportFailure,
    onSuccess: () => {
      setOpen(false);
      setReason('');
      setSeverity('warning');
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadFormSchemas();
    if (!schemas) return;
    const { clientReportSchema, fieldErrors } = schemas;
    const parsed = clientReportSchema.safeParse({ reason, severity });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).reason ?? messages.reports.reasonRequired);
      return;
    }
    setError(null);
    report.mutate(parsed.data);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !report.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Flag aria-hidden="true" />
          {detailsText.reportClient}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{detailsText.reportTitle}</DialogTitle>
          <DialogDescription>{detailsText.reportText}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <Field label={detailsText.reasonLabel} error={error} required id="report-reason">
            <Textarea rows={4} value={reason} onChange={(event) => setReason(event.target.value)} />
          </Field>
          <Field label={detailsText.severityLabel} id="report-severity">
            {(control) => (
              <Select value={severity} onValueChange={(next) => setSeverity(next as FlagSeverity)}>
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {FLAG_SEVERITIES.map((level) => (
                    <SelectItem key={level} value={level}>
                      {messages.taskPages.severities[level]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <DialogFooter>
            <Button type="submit" disabled={report.isPending}>
              {report.isPending ? detailsText.submittingReport : detailsText.submitReport}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
