/**
 * Which tables a SQL statement may have written, read from its text: the read caches depend on
 * tables, so a write moves only the versions of what it names (write-epoch.ts; decisions 0107 and
 * its addendum). Whenever the text does not say, the answer is "every table": a false alarm only
 * costs cache misses, a missed table would serve a stale read.
 */

// Statements that never change data. Anything else (INSERT, UPDATE, DELETE, COMMIT, DDL, a CALL,
// an unknown statement) counts as a write: a false alarm only costs a cache miss.
const READ_ONLY = /^\s*(?:select|with|show|explain|begin|start\s+transaction|savepoint|release|set\s|listen|unlisten|deallocate|prepare\s+\w+_read\b|execute\s+\w+_read\b)/i;
// A SELECT or WITH that writes: a data-modifying CTE, a row lock taken to write, a sequence moved.
const WRITES_INSIDE = /\b(?:insert|update|delete|merge|truncate|nextval|setval)\b/i;
const SELECT_OR_WITH = /^\s*(?:select|with)\b/i;

/** Whether running this SQL text may change data (named prepared statements ending in `_read` are reads). */
export function mayWrite(text: string): boolean {
  if (!READ_ONLY.test(text)) return true;
  return SELECT_OR_WITH.test(text) && WRITES_INSIDE.test(text);
}

/** The end of a transaction: what it wrote is moved again then (write-epoch.ts' connectionWrites). */
export const TRANSACTION_END = /^\s*(?:commit|rollback|end|abort)\b/i;

/**
 * Tables that the triggers of a table also write (migrations 0005 and 0042: an expert's response
 * time and success rate follow their applications, tasks and disputes). A statement's text names
 * only its own target, so a write to the key also moves these, at once, in this process.
 */
export const TRIGGER_WRITES: Readonly<Record<string, readonly string[]>> = {
  tasks: ['expert_profiles'],
  task_applications: ['expert_profiles'],
  disputes: ['expert_profiles'],
};

/**
 * What another instance's NOTIFY about a table implies besides it. auth_users has no trigger: a
 * suspension or a deletion made elsewhere is heard as the deletion of the user's sessions, so reads
 * that carry a user's suspension must be dropped then.
 */
export const HEARD_IMPLIES: Readonly<Record<string, readonly string[]>> = {
  auth_sessions: ['auth_users'],
};

// A row lock (SELECT ... FOR UPDATE / FOR NO KEY UPDATE / FOR SHARE / FOR KEY SHARE) writes no data.
const ROW_LOCK = /\bfor\s+(?:no\s+key\s+update|update|key\s+share|share)\b/gi;
const NAME = '(?:"(?:[^"]|"")+"|[a-z_][a-z0-9_$]*)';
const WRITE_TARGET = new RegExp(
  `\\b(?:insert\\s+into|update(?:\\s+only)?|delete\\s+from(?:\\s+only)?|merge\\s+into)\\s+(${NAME}(?:\\s*\\.\\s*${NAME})?)`,
  'gi',
);
const TRUNCATE = /\btruncate\b/i;

/** `"public"."tasks"`, `public.tasks`, `"tasks"`, `TASKS` -> `tasks` (the table, without its schema). */
function tableNameOf(target: string): string {
  const last = target.split(/\s*\.\s*(?=(?:"|[a-z_]))/i).pop()!;
  return last.startsWith('"') ? last.slice(1, -1).replace(/""/g, '"') : last.toLowerCase();
}

/**
 * The tables this statement may have written, with what their triggers write too; `[]` when it
 * writes no data (a read, a row lock, the end of a transaction); null when the text does not say
 * (DDL, TRUNCATE, a function call, an unknown text), which means every table.
 */
export function writtenTables(text: string | null): string[] | null {
  if (text === null) return null;
  if (TRANSACTION_END.test(text)) return [];
  if (!mayWrite(text.replace(ROW_LOCK, ''))) return [];
  if (TRUNCATE.test(text)) return null;
  const tables = new Set<string>();
  for (const match of text.matchAll(WRITE_TARGET)) {
    const table = tableNameOf(match[1]!);
    // `ON CONFLICT ... DO UPDATE SET`: the INSERT's own target is the table written.
    if (table === 'set') continue;
    tables.add(table);
    for (const implied of TRIGGER_WRITES[table] ?? []) tables.add(implied);
  }
  return tables.size > 0 ? [...tables] : null;
}
