import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { format as formatDate } from 'date-fns';
import { format } from '@shared/format-message';
import { pluralForm } from '@shared/plural';
import { messages } from '@shared/messages';
import { buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { waitlistQuery } from '../admin-api';

const discoveryText = messages.discovery;

/**
 * Waitlisted demand by place (issue 23): where clients wait for an expert, how many and since when,
 * with the CSV export. `limit` shortens it for the overview; the reports show every place.
 */
export function WaitlistDemand({ limit }: { limit?: number }) {
  const query = useQuery(waitlistQuery);
  const places = query.data?.places ?? [];
  const shown = limit ? places.slice(0, limit) : places;
  return (
    <Card data-testid="waitlist-demand">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-base">{discoveryText.waitlistTitle}</CardTitle>
        <a
          href="/api/admin/waitlist/export"
          download
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <Download aria-hidden="true" />
          {discoveryText.waitlistExport}
        </a>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label={messages.shell.loading} />
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">{discoveryText.waitlistEmpty}</p>
        ) : (
          // The table's own box scrolls sideways on a phone (390 px): a named, focusable region (issue 52).
          <Table scrollLabel={discoveryText.waitlistTitle}>
            <TableHeader>
              <TableRow>
                <TableHead>{discoveryText.waitlistPlace}</TableHead>
                <TableHead className="text-right">{discoveryText.waitlistWaiting}</TableHead>
                <TableHead>{discoveryText.waitlistOldest}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((place) => (
                <TableRow key={place.location}>
                  <TableCell className="whitespace-normal break-words">{place.location}</TableCell>
                  <TableCell className="text-right">{place.waiting}</TableCell>
                  <TableCell>
                    {formatDate(new Date(place.oldest_at), 'MMM d, yyyy')} (
                    {format(
                      pluralForm(place.oldest_days, {
                        one: discoveryText.waitlistAgeDayOne,
                        other: discoveryText.waitlistAgeDays,
                      }),
                      { days: place.oldest_days },
                    )}
                    )
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
