import { describe, expect, it } from 'vitest';
import { writtenTables } from './written-tables';

describe('writtenTables: the tables a statement may have written, from its text', () => {
  it.each([
    ['insert into notifications (user_id) values ($1)', ['notifications']],
    ['insert into "messages" ("task_id") values ($1) returning "id"', ['messages']],
    ['update "profiles" set "first_name" = $1 where "profiles"."id" = $2', ['profiles']],
    ['UPDATE ONLY public.reviews SET comment = $1', ['reviews']],
    ['delete from "auth_sessions" where "auth_sessions"."user_id" = $1', ['auth_sessions']],
    ['merge into "public"."transactions" t using x on true when matched then do nothing', ['transactions']],
    ['insert into user_roles (user_id, role) values ($1, $2) on conflict (user_id, role) do update set role = excluded.role', ['user_roles']],
    ['with moved as (update jobs set state = $1 returning id) insert into job_runs (id) select id from moved', ['jobs', 'job_runs']],
    // Their triggers update the experts' stats (migrations 0005 and 0042).
    ['update "tasks" set "status" = $1', ['tasks', 'expert_profiles']],
    ['insert into task_applications (task_id) values ($1)', ['task_applications', 'expert_profiles']],
    ['update disputes set resolution = $1', ['disputes', 'expert_profiles']],
  ])('%s -> %j', (text, tables) => {
    expect(writtenTables(text)).toEqual(tables);
  });

  it.each([
    'select * from tasks where id = $1',
    'select * from tasks where id = $1 for update',
    'select id from jobs for no key update skip locked',
    'commit',
    'rollback',
    'begin',
  ])('%s -> nothing written', (text) => {
    expect(writtenTables(text)).toEqual([]);
  });

  it.each([
    'truncate tasks, profiles',
    'analyze notifications',
    'create index if not exists x on tasks (title)',
    "select nextval('expert_map_version_seq')",
    'call refresh_everything()',
    'execute some_statement (1)',
  ])('%s -> every table (the text does not say)', (text) => {
    expect(writtenTables(text)).toBeNull();
  });

  it('is every table for an unknown text', () => {
    expect(writtenTables(null)).toBeNull();
  });
});
