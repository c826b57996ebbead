import { z } from 'zod';
import { CHECKLIST_ITEM_KINDS } from '../domain/checklist';
import { changeRequestDtoSchema } from './evidence-changes.schemas';
import type {
  EvidenceFileDto,
  EvidenceItemsDto,
  PublicReportDto,
  ReportSummaryDto,
  VerifyResultDto,
} from './evidence-trust';

/**
 * The evidence and inspection report responses as zod schemas (issue 21): the OpenAPI document describes
 * the answers with them and the API suite checks every answer against them; the `same` checks below fail
 * the build when a schema and the interface the web app reads (evidence-trust.ts) drift apart.
 */

const isoDate = z.string().meta({ format: 'date-time' });

export const evidenceFileDtoSchema = z
  .object({
    index: z.number().int(),
    item_id: z.string().nullable(),
    content_type: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    captured_at: isoDate.nullable(),
    badges: z.array(z.object({ tone: z.enum(['ok', 'info', 'warning']), text: z.string() })),
    round: z.number().int().optional(),
    current: z.boolean().optional(),
    admin: z
      .object({
        latitude: z.number().nullable(),
        longitude: z.number().nullable(),
        device: z.string().nullable(),
        raw_metadata: z.unknown(),
      })
      .optional(),
  })
  .meta({ id: 'EvidenceFile' });

export const reportSummaryDtoSchema = z
  .object({ id: z.string(), issued_at: isoDate, revoked_at: isoDate.nullable(), pdf_sha256: z.string() })
  .meta({ id: 'ReportSummary' });

export const evidenceItemsDtoSchema = z
  .object({
    checklist: z
      .array(z.object({ id: z.string(), label: z.string(), kind: z.enum(CHECKLIST_ITEM_KINDS), required: z.boolean() }))
      .nullable(),
    files: z.array(evidenceFileDtoSchema),
    report: reportSummaryDtoSchema.nullable(),
    rounds: z.array(changeRequestDtoSchema).optional(),
    rounds_left: z.number().int().optional(),
  })
  .meta({ id: 'EvidenceItems' });

export const reportAnswerSchema = z.object({ report: reportSummaryDtoSchema });

export const publicReportDtoSchema = z
  .object({ id: z.string(), issued_at: isoDate, task_title: z.string().nullable(), expert_name: z.string().nullable() })
  .meta({ id: 'PublicReport' });

export const verifyResultDtoSchema = z
  .object({ match: z.boolean(), matched: z.enum(['report', 'file']).nullable(), issued_at: isoDate })
  .meta({ id: 'VerifyResult' });

// Compile-time: each schema's output is exactly the interface the web app reads.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(check: Same<A, B>) => check;
same<z.output<typeof evidenceFileDtoSchema>, EvidenceFileDto>(true);
same<z.output<typeof reportSummaryDtoSchema>, ReportSummaryDto>(true);
same<z.output<typeof evidenceItemsDtoSchema>, EvidenceItemsDto>(true);
same<z.output<typeof publicReportDtoSchema>, PublicReportDto>(true);
same<z.output<typeof verifyResultDtoSchema>, VerifyResultDto>(true);
