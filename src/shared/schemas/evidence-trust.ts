import type { ChecklistItem } from '../domain/checklist';
import type { ProvenanceBadge } from '../domain/provenance';
import type { ChangeRequestDto } from './evidence-changes.schemas';

/**
 * Issue 20's API contract (all under /api):
 *   GET    /tasks/:id/evidence-items          -> EvidenceItemsDto (parties and admins, from pending_approval on)
 *   GET    /tasks/:id/report                  -> the report PDF (the task's client and admins)
 *   POST   /tasks/:id/report/revoke           -> { report: ReportSummaryDto }
 *   GET    /reports/:id/pdf                   -> the PDF by its share link (public; 404 once revoked)
 *   GET    /reports/:id                       -> PublicReportDto (public; 404 once revoked)
 *   POST   /reports/:id/verify  (multipart `file`) -> VerifyResultDto (public; 404 once revoked)
 */

export interface EvidenceFileDto {
  /** The file's :index on GET /tasks/:id/evidence/:index. */
  index: number;
  item_id: string | null;
  content_type: string;
  size: number;
  sha256: string;
  captured_at: string | null;
  badges: ProvenanceBadge[];
  /** Issue 50: the delivery that brought it (0 the first) and whether it is in the final set. */
  round?: number;
  current?: boolean;
  /** Admins only: the raw metadata (exact position, device, every tag read). */
  admin?: {
    latitude: number | null;
    longitude: number | null;
    device: string | null;
    raw_metadata: unknown;
  };
}

export interface ReportSummaryDto {
  id: string;
  issued_at: string;
  revoked_at: string | null;
  pdf_sha256: string;
}

export interface EvidenceItemsDto {
  checklist: ChecklistItem[] | null;
  files: EvidenceFileDto[];
  /** Shown to the task's client and admins once issued. */
  report: ReportSummaryDto | null;
  /** Issue 50: the rounds of changes requested so far, first to last, and how many remain. */
  rounds?: ChangeRequestDto[];
  rounds_left?: number;
}

export interface PublicReportDto {
  id: string;
  issued_at: string;
  /**
   * Which report this is (issue 52): the task's title and the expert's name, as the report PDF at
   * /reports/:id/pdf already shows them to anyone with the link. Null when no longer known.
   */
  task_title: string | null;
  expert_name: string | null;
}

export interface VerifyResultDto {
  match: boolean;
  /** What matched: the report PDF itself or one of its evidence files. */
  matched: 'report' | 'file' | null;
  issued_at: string;
}
