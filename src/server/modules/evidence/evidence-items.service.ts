import { check } from '@shared/domain/permissions';
import { changeRoundsLeft, isCurrentVersion } from '@shared/domain/evidence-changes';
import type { ChangeRequestDto } from '@shared/schemas/evidence-changes.schemas';
import { provenanceBadges } from '@shared/domain/provenance';
import { messages } from '@shared/messages';
import type { EvidenceFileDto, EvidenceItemsDto } from '@shared/schemas/evidence-trust';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { loadVisibleTask } from '../tasks/task-access';
import type { TaskRow } from '../tasks/tasks.repository';
import { hashesOnOtherTasks, listEvidenceFacts, type EvidenceFactRow } from './evidence-facts.repository';
import { findReportForTask, toReportSummary } from './reports.repository';
import { listChangeRequests, type ChangeRequestRow } from './change-requests.repository';

export function toChangeRequestDto(row: ChangeRequestRow): ChangeRequestDto {
  return {
    id: row.id,
    round: row.round,
    item_ids: row.item_ids,
    note: row.note,
    requested_at: row.requested_at.toISOString(),
    redelivered_at: row.redelivered_at ? row.redelivered_at.toISOString() : null,
  };
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Each file with its badges; the exact position, device and raw tags only when `admin`. */
export async function evidenceFileDtos(
  db: Db,
  task: Pick<TaskRow, 'id' | 'latitude' | 'longitude' | 'assigned_at'>,
  now: Date,
  options: { admin: boolean },
): Promise<{ files: EvidenceFileDto[]; facts: EvidenceFactRow[] }> {
  const facts = await listEvidenceFacts(db, { taskId: task.id });
  const duplicates = await hashesOnOtherTasks(db, { taskId: task.id, hashes: facts.map((fact) => fact.sha256) });
  const files = facts.map((fact): EvidenceFileDto => {
    const dto: EvidenceFileDto = {
      index: fact.position,
      item_id: fact.item_id,
      content_type: fact.content_type,
      size: fact.size,
      sha256: fact.sha256,
      captured_at: iso(fact.captured_at),
      round: fact.round,
      current: isCurrentVersion(fact, facts),
      badges: provenanceBadges(
        { captured_at: fact.captured_at, latitude: fact.latitude, longitude: fact.longitude, duplicate: duplicates.has(fact.sha256) },
        task,
        now,
      ),
    };
    if (options.admin) {
      dto.admin = { latitude: fact.latitude, longitude: fact.longitude, device: fact.device, raw_metadata: fact.raw_metadata };
    }
    return dto;
  });
  return { files, facts };
}

/** GET /tasks/:id/evidence-items: the checklist, the files with badges, and the report for the client. */
export async function evidenceItems(deps: { db: Db; clock: Clock }, userId: string, taskId: string): Promise<EvidenceItemsDto> {
  const now = deps.clock.now();
  const { actor, task, facts } = await loadVisibleTask(deps.db, userId, taskId, now);
  const allowed = check(actor, 'view_evidence', facts, now);
  if (!allowed.ok) {
    // Before any evidence exists the parties still see the checklist (the expert walks it); anyone
    // else learns nothing, not even that evidence exists.
    const party = task.client_id === userId || task.expert_id === userId || actor.isAdmin;
    if (!party) throw notFound(messages.evidence.fileNotFound);
    return { checklist: task.checklist ?? null, files: [], report: null };
  }
  const { files } = await evidenceFileDtos(deps.db, task, now, { admin: actor.isAdmin });
  const report = task.client_id === userId || actor.isAdmin ? await findReportForTask(deps.db, { taskId: task.id }) : undefined;
  const rounds = await listChangeRequests(deps.db, { taskId: task.id });
  return {
    checklist: task.checklist ?? null,
    files,
    report: report ? toReportSummary(report) : null,
    rounds: rounds.map(toChangeRequestDto),
    rounds_left: changeRoundsLeft(rounds.length),
  };
}
