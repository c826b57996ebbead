/** One check of GET /readyz. */
export interface CheckResult {
  ok: boolean;
  detail?: string;
}

/** What GET /readyz answers (docs/decisions/0160). */
export interface ReadinessReport {
  status: 'ready' | 'draining' | 'not_ready';
  checks: { database: CheckResult; migrations: CheckResult; listener: CheckResult; jobs: CheckResult };
}

/**
 * GET /readyz's checks: may this instance take traffic? Built by the composition root from
 * modules/system/readiness.ts (the database, its migrations, the LISTEN connection, the job runner).
 */
export type Readiness = () => Promise<ReadinessReport>;
