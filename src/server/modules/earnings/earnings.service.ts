import { BRAND_NAME } from '@shared/brand';
import { messages } from '@shared/messages';
import type { EarningsDto, EarningsQuery } from '@shared/schemas/earnings.schemas';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import { conflict, forbidden } from '../../lib/errors';
import { findExpertProfile } from '../experts/experts.repository';
import { succeededTipsOfTasks } from '../tips/tips.repository';
import { earningsCsv, earningsStatementPdf } from './earnings-documents';
import { earningRows, totalsOf, withinDays, type EarningRow } from './earnings-rows';
import { balanceTransactionsOfExpert, paymentsOfExpert, payoutsOfExpert } from './earnings.repository';
import { requestEarningsSync, type EarningsSyncDeps } from './earnings-sync';

const text = messages.earnings;

/** The expert's earnings page, its CSV and its yearly statement (issue 51, decision 0470); reads our database only. */
export function createEarningsService(deps: EarningsSyncDeps) {
  const { db, clock } = deps;

  async function requireExpert(userId: string) {
    const expert = await findExpertProfile(db, userId);
    if (!expert) throw forbidden(text.onlyExperts);
    return expert;
  }

  async function rowsOf(expertId: string): Promise<EarningRow[]> {
    const [payments, balance, payouts] = await Promise.all([
      paymentsOfExpert(db, expertId),
      balanceTransactionsOfExpert(db, expertId),
      payoutsOfExpert(db, expertId),
    ]);
    const tips = await succeededTipsOfTasks(db, [...new Set(payments.map((payment) => payment.task_id))]);
    return earningRows({ payments, tips, balance, payouts });
  }

  const iso = (date: Date | null) => date?.toISOString() ?? null;

  return {
    async read(userId: string, query: EarningsQuery): Promise<EarningsDto> {
      const expert = await requireExpert(userId);
      const now = clock.now();
      // The provider's facts are read by a job (at most every 10 minutes), never by this request.
      await requestEarningsSync(db, { expertId: expert.id, now });
      const rows = await rowsOf(expert.id);
      const shown = withinDays(rows, query.from, query.to);
      const year = now.getUTCFullYear();
      const month = now.toISOString().slice(0, 7);
      const monthStart = `${month}-01`;
      return {
        rows: shown.map((row) => ({
          ...row,
          date: row.date.toISOString(),
          expected_arrival: iso(row.expected_arrival),
        })),
        totals: {
          month: totalsOf(withinDays(rows, monthStart)),
          year: totalsOf(withinDays(rows, `${year}-01-01`)),
          shown: totalsOf(shown),
          held_cents: rows
            .filter((row) => row.status === 'held')
            .reduce((sum, row) => sum + row.price_cents, 0),
        },
        years: [
          ...new Set(rows.filter((row) => row.status !== 'held').map((row) => row.date.getUTCFullYear())),
        ].sort((a, b) => b - a),
      };
    },

    async csv(userId: string, query: EarningsQuery): Promise<string> {
      const expert = await requireExpert(userId);
      return earningsCsv(withinDays(await rowsOf(expert.id), query.from, query.to));
    },

    async statement(userId: string, year: number): Promise<Uint8Array> {
      const expert = await requireExpert(userId);
      const rows = withinDays(await rowsOf(expert.id), `${year}-01-01`, `${year}-12-31`).filter(
        (row) => row.status !== 'held',
      );
      const [profile] = await db
        .select({ first: profiles.first_name, last: profiles.last_name })
        .from(profiles)
        .where(eq(profiles.id, expert.id));
      return earningsStatementPdf({
        year,
        expertName: [profile?.first, profile?.last].filter(Boolean).join(' '),
        productName: BRAND_NAME,
        rows: [...rows].reverse(),
        totals: totalsOf(rows),
        issuedAt: clock.now(),
      });
    },

    async dashboardLink(userId: string): Promise<{ url: string }> {
      const expert = await requireExpert(userId);
      if (!expert.stripe_account_id) throw conflict(text.noPayoutAccount);
      return deps.provider().createDashboardLoginLink(expert.stripe_account_id);
    },
  };
}
