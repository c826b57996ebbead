import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles';
import { tasks } from './tasks';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One stored evidence file with its provenance: the hash, and what its own metadata says (capture time,
 * position, device). The task's evidence_files array keeps the keys in display order for the file route;
 * these rows add what the checklist and the badges need. docs/decisions/0151.
 */
export const evidenceFiles = pgTable(
  'evidence_file_facts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** Index in tasks.evidence_files (the private file route's :index). */
    position: integer('position').notNull(),
    /** The checklist item the file was captured for; null on tasks without a checklist. */
    item_id: text('item_id'),
    storage_key: text('storage_key').notNull(),
    content_type: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    captured_at: timestamptz('captured_at'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Make and model only; serials stay in raw_metadata, for admins. */
    device: text('device'),
    duration_seconds: doublePrecision('duration_seconds'),
    /** Everything the metadata reader found (admins see it in disputes; never sent to the client). */
    raw_metadata: jsonb('raw_metadata'),
    /** The delivery that brought the file: 0 the first, n the re-delivery after the n-th change request (issue 50). */
    round: integer('round').notNull().default(0),
    /**
     * The delivery replaced every earlier file, not only its own items: the expert's resubmission in a
     * dispute (the earlier files stay, as earlier versions). A re-delivery of named items does not.
     */
    replaces_earlier: boolean('replaces_earlier').notNull().default(false),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('evidence_file_facts_task_idx').on(t.task_id, t.position),
    // "Same file as evidence on another task": an equality lookup by hash.
    index('evidence_file_facts_sha256_idx').on(t.sha256),
  ],
);

/**
 * A round of changes the client requested instead of a dispute (issue 50, docs/decisions/0465): the
 * checklist items to deliver again and a note. One row per round; (task_id, round) is unique, so two
 * requests racing for the same round leave one.
 */
export const evidenceChangeRequests = pgTable(
  'evidence_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    /** Checklist item ids; empty on a task without a checklist (the whole delivery). */
    item_ids: text('item_ids').array().notNull(),
    note: text('note').notNull(),
    requested_by: uuid('requested_by').references(() => profiles.id, { onDelete: 'set null' }),
    requested_at: timestamptz('requested_at').notNull(),
    redelivered_at: timestamptz('redelivered_at'),
  },
  (t) => [unique('evidence_change_requests_task_round_unique').on(t.task_id, t.round)],
);

/** The inspection report issued when a task is confirmed or auto-released. docs/decisions/0152. */
export const inspectionReports = pgTable(
  'inspection_reports',
  {
    /** Also the public share id: a random UUID in the link. */
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .unique()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    client_id: uuid('client_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    pdf_key: text('pdf_key').notNull(),
    pdf_sha256: text('pdf_sha256').notNull(),
    /** The SHA-256 of every evidence file in the report. */
    file_hashes: text('file_hashes').array().notNull(),
    issued_at: timestamptz('issued_at').notNull(),
    revoked_at: timestamptz('revoked_at'),
  },
);

/**
 * A resumable video upload (issue 20, docs/decisions/0231): the expert declares the size, sends fixed-size
 * parts in any order (a part sent again replaces itself), then completes it; the server checks the
 * container by content, hashes the file and keeps its duration. A completed upload becomes evidence
 * when the submission names it (`item.<id>` = `upload:<uuid>`), which marks it `used`.
 */
export const videoUploads = pgTable(
  'video_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    uploader_id: uuid('uploader_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    item_id: text('item_id').notNull(),
    file_name: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    part_size: integer('part_size').notNull(),
    part_count: integer('part_count').notNull(),
    parts_received: integer('parts_received').array().notNull().default([]),
    /** open -> assembling -> complete -> used; `rejected` when the assembled file is not an acceptable video. */
    status: text('status').notNull().default('open'),
    storage_key: text('storage_key').notNull(),
    /** The storage's own multipart id (S3 UploadId, or the local store's parts folder). */
    storage_upload_id: text('storage_upload_id').notNull(),
    content_type: text('content_type'),
    sha256: text('sha256'),
    duration_seconds: doublePrecision('duration_seconds'),
    created_at: timestamptz('created_at').notNull(),
    completed_at: timestamptz('completed_at'),
  },
  // The expert's uploads on a task (GET after a reload, the submission's lookup).
  (t) => [index('video_uploads_task_uploader_idx').on(t.task_id, t.uploader_id)],
);
