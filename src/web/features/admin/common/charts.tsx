import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { formatIsoDayMonth, formatIsoDayShort } from '@shared/domain/plain-format';
import { DrawWhenVisible } from './draw-when-visible';

/** The six colours every admin chart draws with, in order (spec 002: a six-colour palette). */
export const CHART_PALETTE = ['#0ea5e9', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#64748b'] as const;
export const paletteColor = (index: number) => CHART_PALETTE[index % CHART_PALETTE.length];

export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * A chart in a card, with its figures as a table for keyboard and screen-reader users: the
 * drawing is hidden from assistive technology and the table (under "Show data") carries the data.
 */
export function ChartCard({
  title,
  description,
  table,
  children,
  empty,
}: {
  title: string;
  description?: string;
  table: ChartTable;
  children: ReactNode;
  empty?: boolean;
}) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-base">{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="space-y-3">
        {empty ? (
          <p className="py-10 text-center text-sm text-muted-foreground">No data for this period.</p>
        ) : (
          <DrawWhenVisible>{children}</DrawWhenVisible>
        )}
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
            Show data: {title}
          </summary>
          <Table className="mt-2">
            <caption className="sr-only">{title}</caption>
            <TableHeader>
              <TableRow>
                {table.columns.map((column) => (
                  <TableHead key={column} scope="col">
                    {column}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {table.rows.map((row, index) => (
                <TableRow key={index}>
                  {row.map((cell, cellIndex) => (
                    <TableCell key={cellIndex}>{cell}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </details>
      </CardContent>
    </Card>
  );
}

/** A figure card: label, big value, and a line under it. */
export function StatCard({
  label,
  value,
  hint,
  icon,
}: {
  label: string;
  value: string;
  hint?: string;
  icon?: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-3">
        <div className="space-y-1">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-semibold tabular-nums">{value}</p>
          {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
        </div>
        {icon}
      </CardContent>
    </Card>
  );
}

const STATUS_LABELS: Record<string, string> = {
  in_progress: 'In progress',
  pending_review: 'Pending review',
  completed: 'Completed',
};

/** "in_progress" → "In progress". */
export function humanize(key: string): string {
  return STATUS_LABELS[key] ?? key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');
}

export const shortDate = (isoDay: string) => formatIsoDayShort(isoDay);
export const monthLabel = (isoDay: string) => formatIsoDayMonth(isoDay);
