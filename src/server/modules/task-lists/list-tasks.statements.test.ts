import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TaskListDto } from '@shared/schemas/task-api';
import { expertProfiles } from '../../db/schema';
import { createTaskAt } from '../../test/builders';
import { countStatements } from '../../test/statement-counter';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

// The lists the dashboards load are one round trip each once the session is cached (decision 0101).
let t: TestApp;
let client: TestUser;
let expert: TestUser;
let nomad: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.createUser('client');
  expert = await t.createUser('expert');
  nomad = await t.createUser('expert');
  await t.db.update(expertProfiles).set({ latitude: null, longitude: null }).where(eq(expertProfiles.id, nomad.id));
  const other = await t.createUser('expert');
  for (let i = 0; i < 3; i++) await createTaskAt(t.db, { status: 'open', clientId: client.id, applicantIds: [expert.id] });
  await createTaskAt(t.db, { status: 'in_progress', clientId: client.id, expertId: expert.id, applicantIds: [other.id] });
});
afterAll(async () => t?.close());

async function counted(user: TestUser, query: string) {
  const path = `/api/tasks?${query}`;
  await t.request('GET', path, { cookie: user.cookie });
  const counter = countStatements(t.db);
  try {
    const response = await t.request('GET', path, { cookie: user.cookie });
    return { response, statements: [...counter.statements] };
  } finally {
    counter.restore();
  }
}

describe('GET /api/tasks round trips', () => {
  it.each([
    ['the client dashboard', 'client', 'scope=mine', 4],
    ['available around the point the dashboard sends', 'expert', 'scope=available&latitude=40.7128&longitude=-74.006', 3],
    ['available for an expert with no coordinates and no point', 'nomad', 'scope=available', 3],
    ['the applied tab', 'expert', 'scope=applied', 4],
    ['the assigned tab', 'expert', 'scope=assigned', 1],
  ] as const)('%s is one statement', async (_name, who, query, count) => {
    const user = { client, expert, nomad }[who];
    const { response, statements } = await counted(user, query);
    expect(response.status).toBe(200);
    const body = await t.json<TaskListDto>(response);
    expect(body.tasks).toHaveLength(count);
    expect(body.total).toBe(count);
    expect(statements).toHaveLength(1);
  });

  it("an expert's own application status rides along in the same statement", async () => {
    const { response } = await counted(expert, 'scope=available&latitude=40.7128&longitude=-74.006');
    const body = await t.json<TaskListDto>(response);
    expect(body.tasks.map((task) => task.my_application_status)).toEqual(['pending', 'pending', 'pending']);
  });

  it('refuses a client the available list after one statement too', async () => {
    const { response, statements } = await counted(client, 'scope=available&latitude=40.7128&longitude=-74.006');
    expect(response.status).toBe(403);
    expect(statements).toHaveLength(1);
  });
});
