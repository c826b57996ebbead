import { describe, expect, it } from 'vitest';
import type { ApplicationDto, PersonDto, ReviewDto, TaskDto, TaskExpertDto, TransactionDto } from '@shared/schemas/task-api';
import type { TaskDetailsRead } from './task-details-read';
import { detailsJson, detailsObject, type TaskDetailsView } from './task-details-view';

// Texts that JSON must escape: quotes, backslashes, control characters, lone surrogates, line separators.
const AWKWARD = 'He said "open the door" \\ then\nleft\t\u2028\u0007 \ud800 ✓ 🏠';

const createPerson = (overrides: Partial<PersonDto> = {}): PersonDto => ({
  id: 'p-1',
  first_name: 'Ada',
  last_name: AWKWARD,
  avatar_url: null,
  created_at: '2026-01-02T03:04:05.000Z',
  ...overrides,
});
const createExpert = (overrides: Partial<TaskExpertDto> = {}): TaskExpertDto => ({
  id: 'e-1',
  bio: AWKWARD,
  expertise: ['apartments', 'cars'],
  location: 'Town 1',
  avg_rating: 4.75,
  avg_response_time_mins: null,
  success_rate: 0.5,
  verification_status: 'verified',
  stripe_onboarding_completed: true,
  stripe_account_status: 'active',
  community_trusted: false,
  background_verified: true,
  created_at: '2026-01-02T03:04:05.000Z',
  profile: createPerson({ id: 'e-1' }),
  ...overrides,
});
const createApplication = (expertId: string, overrides: Partial<ApplicationDto> = {}): ApplicationDto => ({
  id: `a-${expertId}`,
  task_id: 't-1',
  expert_id: expertId,
  status: 'pending',
  proposed_rate: 12_345,
  notes: AWKWARD,
  created_at: '2026-01-03T00:00:00.000Z',
  expert: createExpert({ id: expertId }),
  ...overrides,
});
const createReview = (id: string): ReviewDto => ({
  id,
  task_id: 't-1',
  reviewee_id: 'e-1',
  reviewer_id: 'c-1',
  rating: 5,
  comment: AWKWARD,
  created_at: '2026-01-04T00:00:00.000Z',
  reviewer: createPerson({ id: 'c-1' }),
  task_title: AWKWARD,
});
const createTransaction = (): TransactionDto => ({
  id: 'tr-1',
  task_id: 't-1',
  amount: 12_000,
  platform_fee: 1_200,
  platform_fee_percent: 10,
  status: 'captured',
  created_at: '2026-01-05T00:00:00.000Z',
});
const createTask = (overrides: Partial<TaskDto> = {}): TaskDto =>
  ({
    id: 't-1',
    title: AWKWARD,
    description: 'Photos of every side',
    budget: 12_000,
    due_date: null,
    latitude: 40.7128,
    longitude: -74.006,
    status: 'verified',
    checklist: [{ id: 'c1', label: AWKWARD, kind: 'photo', required: true }],
    ...overrides,
  }) as TaskDto;

/** Only the parts the view reads: the mapped pieces and the client's task count (a string from PostgreSQL's count). */
function createRead(overrides: Partial<TaskDetailsRead['dto']> = {}, clientTasksPosted: number | string = '3'): TaskDetailsRead {
  return {
    client_tasks_posted: clientTasksPosted,
    dto: {
      task: createTask(),
      client: createPerson({ id: 'c-1' }),
      expert: createExpert(),
      applications: [createApplication('e-1'), createApplication('e-2'), createApplication('e-3')],
      reviews: [createReview('r-1'), createReview('r-2')],
      transactions: [createTransaction()],
      ...overrides,
    },
  } as unknown as TaskDetailsRead;
}

function createView(read: TaskDetailsRead, overrides: Partial<Omit<TaskDetailsView, 'read'>> = {}): TaskDetailsView {
  return {
    read,
    applicationIndexes: undefined,
    reviewIndexes: [0, 1],
    seesTransactions: true,
    clientRating: null,
    budgetFigure: 12_000,
    capabilities: ['view', 'view_review'],
    ...overrides,
  };
}

/** What the route sent before: the object serialised whole. */
const serialisedWhole = (view: TaskDetailsView) => JSON.stringify(detailsObject(view));

describe('detailsJson: the task-details answer joined from pieces serialised once', () => {
  const views: Array<[string, (read: TaskDetailsRead) => TaskDetailsView]> = [
    ['the client, who sees everything', (read) => createView(read)],
    ['an applicant, who sees only their own application', (read) => createView(read, { applicationIndexes: [1], reviewIndexes: [], seesTransactions: false })],
    ['an expert with no application and a client rating', (read) =>
      createView(read, { applicationIndexes: [], reviewIndexes: [1], seesTransactions: false, clientRating: { avg_rating: 4.5, review_count: 2 } })],
    ['a rating with no reviews yet', (read) => createView(read, { clientRating: { avg_rating: null, review_count: 0 } })],
    ['a caller with no capability but view', (read) => createView(read, { capabilities: ['view'], reviewIndexes: [] })],
  ];

  it.each(views)('equals the whole object serialised, for %s', (_, viewOf) => {
    const view = viewOf(createRead());
    const text = detailsJson(view);
    expect(JSON.parse(text)).toEqual(JSON.parse(serialisedWhole(view)));
    // Valid JSON with no key twice: the same length as the object serialised whole.
    expect(text.length).toBe(serialisedWhole(view).length);
  });

  it('leaves out a client rating that is undefined, as JSON.stringify does', () => {
    const view = createView(createRead(), { clientRating: undefined });
    const parsed = JSON.parse(detailsJson(view)) as Record<string, unknown>;
    expect('client_rating' in parsed).toBe(false);
    expect(parsed).toEqual(JSON.parse(serialisedWhole(view)));
  });

  it('sends no expert, no applications, reviews or transactions when the read has none', () => {
    const read = createRead({ expert: null, applications: [], reviews: [], transactions: [] }, 0);
    const parsed = JSON.parse(detailsJson(createView(read, { reviewIndexes: [] })));
    expect(parsed).toMatchObject({ expert: null, applications: [], reviews: [], transactions: [], client_tasks_posted: 0 });
  });

  it('answers each caller of one shared read with their own view, in any order', () => {
    const read = createRead();
    const client = createView(read);
    const applicant = createView(read, { applicationIndexes: [2], reviewIndexes: [0], seesTransactions: false, capabilities: ['view'] });
    const first = detailsJson(applicant);
    expect(JSON.parse(detailsJson(client)).applications.map((a: ApplicationDto) => a.expert_id)).toEqual(['e-1', 'e-2', 'e-3']);
    expect(JSON.parse(first)).toMatchObject({ applications: [{ expert_id: 'e-3' }], reviews: [{ id: 'r-1' }], transactions: [], capabilities: ['view'] });
    expect(detailsJson(applicant)).toBe(first);
  });

  it('keeps a read text apart from another read of the same task (a change makes a new read)', () => {
    const before = createRead();
    const after = createRead({ task: createTask({ status: 'completed', title: 'Renamed' }) });
    expect(JSON.parse(detailsJson(createView(before)))).toMatchObject({ status: 'verified', title: AWKWARD });
    expect(JSON.parse(detailsJson(createView(after)))).toMatchObject({ status: 'completed', title: 'Renamed' });
  });

  it('lets the answer keys win over a task field of the same name, as the object spread does', () => {
    const task = { ...createTask(), capabilities: ['stale'], client: 'stale' } as unknown as TaskDto;
    const view = createView(createRead({ task }));
    const text = detailsJson(view);
    expect(JSON.parse(text)).toEqual(JSON.parse(serialisedWhole(view)));
    expect(text.match(/"capabilities":/g)).toHaveLength(1);
  });
});
