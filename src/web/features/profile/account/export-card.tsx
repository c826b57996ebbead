import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatDateTimeMedium } from '@shared/domain/plain-format';
import { accountControlMessages as texts } from '@shared/messages/account-control';
import type { DataExportDto } from '@shared/schemas/account-control.schemas';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { api, ApiError } from '@web/lib/api';

const exportsKey = ['account', 'exports'] as const;
const STATUS_LABEL: Record<DataExportDto['status'], string> = {
  pending: texts.exportPreparing,
  ready: texts.exportReady,
  failed: texts.exportFailed,
  expired: texts.exportExpired,
};
/** "Nov 27, 2026, 6:40 AM", written without Intl (decision 0391). */
const when = (value: string) => formatDateTimeMedium(new Date(value));

/** Export my data (issue 22): ask for the archive, watch it being prepared, download it while it lasts. */
export function ExportCard() {
  const queryClient = useQueryClient();
  const exports = useQuery({
    queryKey: exportsKey,
    queryFn: () => api.get<{ exports: DataExportDto[] }>('/api/account/exports'),
    // While one is being prepared, look again now and then (the email says the same when it is ready).
    refetchInterval: (query) => (query.state.data?.exports.some((row) => row.status === 'pending') ? 3_000 : false),
  });
  const request = useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/account/exports', {}),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: exportsKey });
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : texts.exportTooSoon),
  });
  const rows = exports.data?.exports ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{texts.exportTitle}</h2>
        </CardTitle>
        <CardDescription>{texts.exportDescription}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button variant="outline" disabled={request.isPending} onClick={() => request.mutate()}>
          {texts.exportButton}
        </Button>
        {rows.length > 0 ? (
          <ul className="divide-y" aria-label={texts.exportListLabel}>
            {rows.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p className="font-medium">
                    Requested {when(row.created_at)} <Badge variant="secondary">{STATUS_LABEL[row.status]}</Badge>
                  </p>
                  {row.download_url && row.expires_at ? (
                    <p className="text-sm text-muted-foreground">Available until {when(row.expires_at)}</p>
                  ) : null}
                </div>
                {row.download_url ? (
                  <Button asChild size="sm">
                    <a href={row.download_url} download aria-label={`${texts.exportDownload} the export of ${when(row.created_at)}`}>
                      {texts.exportDownload}
                    </a>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
