import { useState, type ChangeEvent, type DragEvent } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { format } from '@shared/format-message';
import { evidenceTrustMessages as evidenceTrustText } from '@shared/messages/evidence-trust';
import { firstUserMessages as firstUserText } from '@shared/messages/first-user';
import { LogoHeader } from '@web/app/shell/logo-header';
import type { PublicReportDto, VerifyResultDto } from '@shared/schemas/evidence-trust';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { api, ApiError } from '@web/lib/api';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });

/**
 * /reports/:id/verify, public: anyone drops the report PDF or one of its photos and learns whether it
 * matches what was issued, and when. Under the site header it says which report it checks (the task's
 * title, the date and the expert, as the public PDF names them; issue 52), nothing more of the task.
 */
export default function ReportVerifyPage() {
  const { reportId = '' } = useParams();
  const report = useQuery({
    queryKey: ['public-report', reportId],
    queryFn: () => api.get<PublicReportDto>(`/api/reports/${encodeURIComponent(reportId)}`),
    retry: false,
  });
  const [result, setResult] = useState<VerifyResultDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async (file: File | undefined) => {
    setResult(null);
    setError(null);
    if (!file) return setError(evidenceTrustText.verifyFileRequired);
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    try {
      setResult(
        await api.upload<VerifyResultDto>(`/api/reports/${encodeURIComponent(reportId)}/verify`, form),
      );
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.message ? failure.message : evidenceTrustText.verifyFailed,
      );
    } finally {
      setBusy(false);
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    void check(event.dataTransfer.files[0]);
  };

  return (
    <div className="flex min-h-screen flex-col">
      <LogoHeader width="max-w-xl" />
      <main className="mx-auto w-full max-w-xl flex-1 space-y-4 p-4">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h1>{evidenceTrustText.verifyTitle}</h1>
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {report.isPending ? <Spinner /> : null}
            {report.isError ? (
              <Alert variant="destructive">
                <AlertDescription>{evidenceTrustText.reportNotFound}</AlertDescription>
              </Alert>
            ) : null}
            {report.data ? (
              <>
                <div className="space-y-1" data-testid="report-subject">
                  {report.data.task_title ? (
                    <p className="font-medium">
                      {format(firstUserText.reportChecks, { title: report.data.task_title })}
                    </p>
                  ) : null}
                  <p className="text-sm" data-testid="report-issued">
                    {format(evidenceTrustText.reportIssued, { date: dateOf(report.data.issued_at) })}
                  </p>
                  {report.data.expert_name ? (
                    <p className="text-sm">
                      {format(firstUserText.reportExpert, { name: report.data.expert_name })}
                    </p>
                  ) : null}
                </div>
                <Button asChild variant="outline" size="sm">
                  <a
                    href={`/api/reports/${encodeURIComponent(reportId)}/pdf`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {evidenceTrustText.reportOpen}
                  </a>
                </Button>
                <div
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={onDrop}
                  className="space-y-2 rounded-md border-2 border-dashed p-4 text-center"
                >
                  <p className="text-sm text-muted-foreground">{evidenceTrustText.verifyHint}</p>
                  {/* One control, named once: the label is the button, the browser's own picker text stays hidden. */}
                  <label className="inline-flex cursor-pointer items-center rounded-md border border-input bg-background px-3 py-1.5 text-sm font-medium hover:bg-accent focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2">
                    {evidenceTrustText.verifyChoose}
                    <input
                      type="file"
                      className="sr-only"
                      onChange={(event: ChangeEvent<HTMLInputElement>) => void check(event.target.files?.[0])}
                    />
                  </label>
                  {busy ? <Spinner /> : null}
                </div>
                {result ? (
                  <Alert variant={result.match ? 'success' : 'destructive'} data-testid="verify-result">
                    <AlertDescription>
                      {result.match
                        ? format(evidenceTrustText.verifyMatch, { date: dateOf(result.issued_at) })
                        : evidenceTrustText.verifyNoMatch}
                    </AlertDescription>
                  </Alert>
                ) : null}
                {error ? (
                  <p className="text-sm text-destructive" role="alert">
                    {error}
                  </p>
                ) : null}
              </>
            ) : null}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
