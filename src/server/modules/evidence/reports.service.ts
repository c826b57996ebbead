import { BRAND_NAME } from '@shared/brand';
import { messages } from '@shared/messages';
import { evidenceTrustMessages as evidenceTrustText } from '@shared/messages/evidence-trust';
import type { PublicReportDto, ReportSummaryDto, VerifyResultDto } from '@shared/schemas/evidence-trust';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { storageKey, type FileStorage, type StoredFile } from '../../providers/storage';
import { loadVisibleTask } from '../tasks/task-access';
import { findTaskWithParties } from '../tasks/task-details.repository';
import { earnedBadges } from '../verification/verification-status';
import { zoneOfTask } from '../../lib/task-time-zone';
import type { TaskCategory } from '@shared/domain/enums';
import { videoFrameJpeg } from '../video-uploads/thumbnails';
import { evidenceFileDtos } from './evidence-items.service';
import { listChangeRequests } from './change-requests.repository';
import { sha256Hex } from './provenance-reader';
import { clientCopy } from '../documents/strip-metadata';
import { findLiveReport, findReportForTask, insertReportOnce, revokeReport, toReportSummary, type ReportRow } from './reports.repository';

export interface ReportDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  publicUrl: string;
}

/** Statuses after a confirm or an automatic release. */
const ISSUED_STATUSES = new Set(['verified', 'completed']);

export const verifyPath = (reportId: string) => `/reports/${reportId}/verify`;

/**
 * Issues the task's report once: built from the stored files (their hashes are recomputed from the
 * bytes, so the PDF lists what storage holds), stamped with the time the task was confirmed or
 * auto-released (completed_at), so a report built later still carries that date. docs/decisions/0152.
 */
export async function issueReport(deps: ReportDeps, taskId: string): Promise<ReportRow | undefined> {
  const existing = await findReportForTask(deps.db, { taskId });
  if (existing) return existing;
  const parties = await findTaskWithParties(deps.db, taskId);
  if (!parties || !ISSUED_STATUSES.has(parties.task.status)) return undefined;
  const { task, expert, expertProfile } = parties;
  const issuedAt = task.completed_at ?? deps.clock.now();
  const all = await evidenceFileDtos(deps.db, task, issuedAt, { admin: false });
  // Issue 50: the report certifies the final set; the rounds that led to it are listed, not their files.
  const finalIndexes = all.files.flatMap((file, index) => (file.current === false ? [] : [index]));
  const files = finalIndexes.map((index) => all.files[index]);
  const facts = finalIndexes.map((index) => all.facts[index]);
  const rounds = await listChangeRequests(deps.db, { taskId: task.id });
  const bytes = await Promise.all(facts.map((fact) => deps.storage.get(fact.storage_key)));
  // A video shows its poster frame in the PDF (issue 52), not only its type.
  const frames = await Promise.all(
    files.map((file, index) =>
      file.content_type.startsWith('video/') ? videoFrameJpeg(deps.storage, facts[index].storage_key) : Promise.resolve(null),
    ),
  );
  const reportId = crypto.randomUUID();
  // pdf-lib loads on the first report, not at start-up (its import takes about half a second).
  const { buildReportPdf } = await import('../documents/report-pdf');
  const pdf = await buildReportPdf({
    reportId,
    productName: BRAND_NAME,
    verifyUrl: `${deps.publicUrl}${verifyPath(reportId)}`,
    issuedAt,
    timeZone: zoneOfTask(task),
    task: {
      title: task.title,
      location: task.location,
      category: messages.taskPages.categories[task.category as TaskCategory] ?? task.category,
      budget: task.budget,
      description: task.description,
    },
    expert:
      expert && expertProfile
        ? {
            name: [expertProfile.first_name, expertProfile.last_name].filter(Boolean).join(' ') || 'Expert',
            // The badges the public profile shows, named as it names them (issue 52).
            badges: earnedBadges({
              communityTrusted: expert.community_trusted_at !== null,
              backgroundVerified: expert.background_verified_at !== null,
            }).map((badge) => badge.name),
          }
        : null,
    notes: task.completion_notes ?? '',
    checklist: task.checklist ?? null,
    rounds: rounds.map((round) => ({
      round: round.round,
      requestedAt: round.requested_at,
      items: round.item_ids.map((id) => task.checklist?.find((item) => item.id === id)?.label ?? id),
      note: round.note,
      redeliveredAt: round.redelivered_at,
    })),
    files: files.map((file, index) => ({
      itemId: file.item_id,
      contentType: file.content_type,
      // The hash of the bytes actually stored, not only the one recorded at upload.
      sha256: bytes[index] ? sha256Hex(bytes[index].bytes) : file.sha256,
      badges: file.badges,
      bytes: bytes[index]?.bytes ?? null,
      frame: frames[index],
    })),
  });
  const key = storageKey('reports', task.id, `report-${reportId}.pdf`, issuedAt);
  await deps.storage.put(key, pdf, { contentType: 'application/pdf' });
  const row = await insertReportOnce(deps.db, {
    id: reportId,
    task_id: task.id,
    client_id: task.client_id,
    pdf_key: key,
    pdf_sha256: sha256Hex(pdf),
    // The originals, and the metadata-free copies the client downloads, both verify.
    file_hashes: [
      ...new Set(
        files.flatMap((file, index) => {
          const stored = bytes[index];
          return stored ? [sha256Hex(stored.bytes), sha256Hex(clientCopy(stored.bytes, stored.contentType))] : [file.sha256];
        }),
      ),
    ],
    issued_at: issuedAt,
  });
  if (!row) {
    await deps.storage.delete(key).catch(() => undefined);
    return findReportForTask(deps.db, { taskId });
  }
  return row;
}

/** The confirm path calls this: a report that fails to build never fails the confirm (it is built on first read). */
export async function issueReportQuietly(deps: ReportDeps, taskId: string): Promise<void> {
  try {
    await issueReport(deps, taskId);
  } catch (error) {
    console.error(`Inspection report for task ${taskId} not issued`, error);
  }
}

async function pdfOf(deps: ReportDeps, row: ReportRow): Promise<StoredFile & { fileName: string }> {
  const file = await deps.storage.get(row.pdf_key);
  if (!file) throw notFound(evidenceTrustText.reportNotFound);
  return { ...file, fileName: `inspection-report-${row.id}.pdf` };
}

export function createReportsService(deps: ReportDeps) {
  /** The task's client and admins; the report exists once the task was confirmed or released. */
  async function ownReport(userId: string, taskId: string): Promise<ReportRow> {
    const now = deps.clock.now();
    const { actor, task } = await loadVisibleTask(deps.db, userId, taskId, now);
    if (task.client_id !== userId && !actor.isAdmin) throw forbidden(messages.common.forbidden);
    const row = await issueReport(deps, task.id);
    if (!row) throw notFound(evidenceTrustText.reportNotFound);
    return row;
  }

  return {
    async summary(userId: string, taskId: string): Promise<ReportSummaryDto> {
      return toReportSummary(await ownReport(userId, taskId));
    },
    async pdfForParty(userId: string, taskId: string) {
      return pdfOf(deps, await ownReport(userId, taskId));
    },
    /** Where the report PDF is stored, after the same check (the client and admins). */
    async pdfSourceForParty(userId: string, taskId: string) {
      const row = await ownReport(userId, taskId);
      return { key: row.pdf_key, fileName: `inspection-report-${row.id}.pdf` };
    },
    async revoke(userId: string, taskId: string): Promise<ReportSummaryDto> {
      const row = await ownReport(userId, taskId);
      if (row.revoked_at) return toReportSummary(row);
      const revoked = await revokeReport(deps.db, { taskId: row.task_id, clientId: userId, now: deps.clock.now() });
      // Admins may read but not revoke: the link is the client's to give or take back.
      if (!revoked) {
        const current = await findReportForTask(deps.db, { taskId: row.task_id });
        if (current?.revoked_at) return toReportSummary(current);
        throw forbidden(messages.common.forbidden);
      }
      return toReportSummary(revoked);
    },
    async publicReport(reportId: string): Promise<PublicReportDto> {
      const row = await liveReport(reportId);
      // Says which report the page checks (issue 52): what the public PDF already names, nothing more.
      const parties = await findTaskWithParties(deps.db, row.task_id);
      const profile = parties?.expertProfile;
      const expertName = profile ? [profile.first_name, profile.last_name].filter(Boolean).join(' ') || null : null;
      return { id: row.id, issued_at: row.issued_at.toISOString(), task_title: parties?.task.title ?? null, expert_name: expertName };
    },
    async publicPdf(reportId: string) {
      return pdfOf(deps, await liveReport(reportId));
    },
    /** Hash comparison only: the answer names nothing of the task but the date of issue. */
    async verify(reportId: string, form: FormData): Promise<VerifyResultDto> {
      const row = await liveReport(reportId);
      const file = form.get('file');
      if (!(file instanceof File) || file.size === 0) throw badRequest(evidenceTrustText.verifyFileRequired, { file: evidenceTrustText.verifyFileRequired });
      const hash = sha256Hex(new Uint8Array(await file.arrayBuffer()));
      const matched = hash === row.pdf_sha256 ? 'report' : row.file_hashes.includes(hash) ? 'file' : null;
      return { match: matched !== null, matched, issued_at: row.issued_at.toISOString() };
    },
  };

  async function liveReport(reportId: string): Promise<ReportRow> {
    if (!/^[0-9a-f-]{36}$/i.test(reportId)) throw notFound(evidenceTrustText.reportNotFound);
    const row = await findLiveReport(deps.db, { id: reportId });
    if (!row) throw notFound(evidenceTrustText.reportNotFound);
    return row;
  }
}

export type ReportsService = ReturnType<typeof createReportsService>;
