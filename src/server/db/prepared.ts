import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * A read that is one prepared statement on both drivers (docs/decisions/0101):
 *
 * - PostgreSQL: drizzle's `.prepare(name)`, which node-postgres sends as a named statement, planned
 *   once per connection.
 * - PGlite: drizzle's `prepare` only keeps the SQL text and PGlite parses and plans every query anew
 *   (for a statement of correlated subqueries planning costs more than running it), so the statement
 *   is `PREPARE`d once per PGlite instance and run with `EXECUTE`. EXECUTE takes no bind parameters:
 *   its arguments are written as literals, which is why every parameter must be a checked UUID.
 *
 * The statement's columns must be aliased with the names of its select fields (`.as('data')`): on
 * PGlite the rows are the driver's rows, keyed by column name; on PostgreSQL drizzle's, keyed by field.
 */
export interface PreparedStatementLike<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
  getQuery(): { sql: string; params: unknown[] };
}

interface PgliteClient {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the value can be a uuid parameter (anything else cannot match a uuid column). */
export const isUuid = (value: string): boolean => UUID.test(value);

/** The PGlite instance behind a database handle, or null for node-postgres. */
export function pgliteClientOf(db: Db): PgliteClient | null {
  const client = (db as unknown as { $client?: Partial<PgliteClient> & object }).$client;
  return client && typeof client.query === 'function' && 'dumpDataDir' in client ? (client as PgliteClient) : null;
}

/**
 * Defines a one-statement read whose parameters are all UUIDs. `build` returns drizzle's statement
 * prepared under the given name, with `sql.placeholder(param)` for each parameter. The returned function gives the rows, or
 * none when a parameter is not a UUID (no uuid column could match it).
 */
export function definePreparedRead<Params extends string, Row>(
  name: string,
  build: (db: Db, name: string) => PreparedStatementLike<Row>,
) {
  // The `_read` suffix tells the write epoch (write-epoch.ts) that EXECUTE of it changes nothing.
  if (!/^[a-z_][a-z0-9_]*_read$/.test(name)) throw new Error(`invalid statement name (must end in _read): ${name}`);
  // The statement per database handle (its SQL text is built once), and per PGlite instance its PREPARE.
  const statements = new WeakMap<object, PreparedStatementLike<Row>>();
  const preparedOn = new WeakMap<object, { ready: Promise<unknown>; names: string[] }>();

  const statementFor = (db: Db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = build(db, name)));
    return statement;
  };

  async function executeOnPglite(db: Db, client: PgliteClient, values: Record<Params, string>): Promise<Row[]> {
    let prepared = preparedOn.get(client);
    if (!prepared) {
      const { sql: text, params } = statementFor(db).getQuery();
      // The placeholders in the order drizzle numbered them ($1, $2, ...).
      const names = (params as Array<{ name: string }>).map((param) => param.name);
      const ready = client.query(`prepare ${name} (${names.map(() => 'uuid').join(', ')}) as ${text}`);
      prepared = { ready, names };
      preparedOn.set(client, prepared);
      ready.catch(() => preparedOn.delete(client));
    }
    await prepared.ready;
    const args = prepared.names.map((param) => `'${(values as Record<string, string>)[param]}'`).join(', ');
    const result = await client.query<Row>(`execute ${name} (${args})`);
    return result.rows;
  }

  return async function run(db: Db, values: Record<Params, string>): Promise<Row[]> {
    if (!Object.values<string>(values).every(isUuid)) return [];
    const pglite = pgliteClientOf(db);
    if (pglite) return executeOnPglite(db, pglite, values);
    return statementFor(db).execute(values);
  };
}

/** A jsonb column as an object: both drivers parse jsonb, but a text-typed value is parsed here. */
export function jsonValueOf<T>(value: T | string): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** Turns the named ISO date strings of a row read from jsonb back into Date objects (null stays null). */
export function withDates<T extends object>(row: T, keys: readonly string[]): T {
  const record = row as Record<string, unknown>;
  for (const key of keys) {
    const value = record[key];
    if (value !== null && value !== undefined) record[key] = new Date(value as string);
  }
  return row;
}

/**
 * A statement whose SQL text depends only on a few shapes (a box or none, one longitude range or
 * two), built once per shape and per database handle with `sql.placeholder` for its values, and
 * run by name: node-postgres prepares it once per pooled connection, so PostgreSQL parses and plans
 * it once there instead of on every request, and drizzle builds its text once instead of on every
 * request (the open-task list: about 200 µs of the server's CPU to build and 4.5 ms of PostgreSQL's
 * to parse and plan, against 0.6 ms to run; docs/performance.md). On PGlite the text is still
 * built once; PGlite plans each run as before.
 *
 * `shapes` lists every shape: the names stay few (one prepared statement per shape and connection).
 * Everything but the placeholders is fixed when the statement is first built: never put a clock
 * value, a setting that may change or a caller's input in it other than through a placeholder.
 * The write epoch reads the statement's text, not its name, so a statement that writes may use this too.
 */
export function defineShapedStatement<Shape extends string, Row>(
  name: string,
  shapes: readonly Shape[],
  build: (db: Db, shape: Shape, statementName: string) => PreparedStatementLike<Row>,
) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid statement name: ${name}`);
  const built = new WeakMap<object, Map<Shape, PreparedStatementLike<Row>>>();
  return function run(db: Db, shape: Shape, values: Record<string, unknown>): Promise<Row[]> {
    if (!shapes.includes(shape)) throw new Error(`unknown shape ${shape} of ${name}`);
    let byShape = built.get(db);
    if (!byShape) built.set(db, (byShape = new Map()));
    let statement = byShape.get(shape);
    if (!statement) byShape.set(shape, (statement = build(db, shape, `${name}_${shape}`)));
    return statement.execute(values);
  };
}

interface RawPreparedQuery {
  execute(values: Record<string, unknown>): Promise<{ rows?: unknown[] }>;
}
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean): RawPreparedQuery };
}

/**
 * A raw statement (a CTE that writes, a row-locking claim) whose text never changes, built once per
 * database handle with `sql.placeholder` for its values and run by name, so that node-postgres
 * prepares it once per pooled connection: PostgreSQL parses and plans it once there instead of on
 * every run (the message insert: 0.6 ms of planning a call under load, about as long as it runs), and
 * drizzle renders its text once. Rows come back as the driver gives them (column names, not fields).
 * The same rule as defineShapedStatement: nothing but placeholders may vary, so no clock value, no
 * setting and no caller's input may be written into the text; a constant may (it is a parameter
 * fixed at build). On PGlite the text is built once too, and PGlite plans each run as before.
 */
export function defineNamedSql<Row>(name: string, build: () => SQL) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid statement name: ${name}`);
  const built = new WeakMap<object, RawPreparedQuery>();
  return async function run(db: Db, values: Record<string, unknown>): Promise<Row[]> {
    let statement = built.get(db);
    if (!statement) {
      // drizzle's own db.execute() does the same two steps, without a name and on every call.
      const { dialect, session } = db as unknown as DrizzleInternals;
      statement = session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
      built.set(db, statement);
    }
    const result = await statement.execute(values);
    return (result.rows ?? []) as Row[];
  };
}
