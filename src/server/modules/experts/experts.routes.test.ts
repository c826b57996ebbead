import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpertApplicationResponse, MyExpertProfileResponse } from '@shared/schemas/expert-onboarding.schemas';
import { expertProfiles, profiles, userRoles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createExpertsService } from './experts.service';
import { applicationForm, fileOf, FILE_BYTES, newExpert, submitApplication } from './experts.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type ErrorBody = { error: { code: string; message: string } };
const errorOf = async (response: Response) => (await t.json<ErrorBody>(response)).error;
const expertRow = async (id: string) => (await t.db.select().from(expertProfiles).where(eq(expertProfiles.id, id)))[0];

describe('GET /api/experts/me', () => {
  it('is for signed-in users only', async () => {
    const response = await t.request('GET', '/api/experts/me');
    expect(response.status).toBe(401);
  });

  it('answers null for a client', async () => {
    const client = await t.createUser('client');
    const body = await t.json<MyExpertProfileResponse>(await t.request('GET', '/api/experts/me', { cookie: client.cookie }));
    expect(body.expert).toBeNull();
  });

  it('gives a payable expert the payment fields and the derived flags', async () => {
    const expert = await t.createUser('expert');
    const body = await t.json<MyExpertProfileResponse>(await t.request('GET', '/api/experts/me', { cookie: expert.cookie }));
    expect(body.expert).toMatchObject({
      id: expert.id,
      stripe_onboarding_completed: true,
      stripe_account_status: 'active',
      is_verified: true,
      status_text: 'Verified Expert',
      payment_setup_state: 'complete_active',
      application_submitted: true,
      document_path: null,
    });
  });

  it('shows a fresh expert (role just picked) as not started, application not submitted', async () => {
    const user = await newExpert(t);
    const body = await t.json<MyExpertProfileResponse>(await t.request('GET', '/api/experts/me', { cookie: user.cookie }));
    expect(body.expert).toMatchObject({
      is_verified: false,
      status_text: 'Complete payment provider onboarding to receive payments',
      payment_setup_state: 'not_started',
      application_submitted: false,
      verification_status: 'pending',
    });
  });
});

describe('POST /api/experts/application: validation texts', () => {
  it('refuses a signed-out visitor with the spec text', async () => {
    const response = await submitApplication(t, undefined);
    expect(response.status).toBe(401);
    expect((await errorOf(response)).message).toBe('You must be logged in to become an expert');
  });

  const requiredCases: Array<[string, Parameters<typeof applicationForm>[0]]> = [
    ['no bio', { bio: undefined }],
    ['a blank bio', { bio: '   ' }],
    ['no expertise', { expertise: undefined }],
    ['expertise of only commas and spaces', { expertise: ' , ,, ' }],
    ['no location', { location: '' }],
    ['no latitude', { latitude: undefined }],
    ['a non-numeric latitude', { latitude: 'north' }],
    ['a longitude out of range', { longitude: '200' }],
  ];
  it.each(requiredCases)('%s gives the required-fields text', async (_name, input) => {
    const user = await newExpert(t);
    const response = await submitApplication(t, user.cookie, input);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(
      'Please fill in all required fields, including selecting a valid location',
    );
  });

  it('asks for the document when none is attached', async () => {
    const user = await newExpert(t);
    const response = await submitApplication(t, user.cookie, { document: null });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe('Please upload a verification document');
  });

  it.each([['missing', undefined], ['false', 'false']])('asks for the terms when they are %s', async (_name, value) => {
    const user = await newExpert(t);
    const response = await submitApplication(t, user.cookie, { lpca_terms_accepted: value });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe('You must accept the LPCA terms to proceed');
  });

  it('refuses a document over 5 MB', async () => {
    const user = await newExpert(t);
    const response = await submitApplication(t, user.cookie, {
      document: fileOf('pdf', 'big.pdf', 5 * 1024 * 1024 + 1, 'application/pdf'),
    });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).message).toBe('File is too large. Maximum size is 5MB');
  });

  it('accepts exactly 5 MB', async () => {
    const user = await newExpert(t);
    const response = await submitApplication(t, user.cookie, { document: fileOf('pdf', 'edge.pdf', 5 * 1024 * 1024) });
    expect(response.status).toBe(200);
  });

  it.each([
    ['text named .pdf', fileOf('text', 'fake.pdf', undefined, 'application/pdf')],
    ['a GIF', fileOf('gif', 'photo.gif', undefined, 'image/gif')],
    ['a WebP named .png', fileOf('webp', 'photo.png', undefined, 'image/png')],
  ])('judges the type by content: %s is refused', async (_name, document) => {
    const user = await newExpert(t);
    const response = await submitApplication(t, user.cookie, { document });
    expect(response.status).toBe(415);
    expect((await errorOf(response)).message).toBe('Invalid file type. Please upload a PDF, JPG, or PNG file');
  });

  it('refuses a user id that is not a UUID (service rule)', async () => {
    const service = createExpertsService({ db: t.db, clock: t.clock, storage: t.providers.storage });
    await expect(service.submitApplication('not-a-uuid', applicationForm())).rejects.toMatchObject({
      message: 'User ID is missing or not a valid UUID. Cannot create expert profile.',
    });
  });
});

describe('POST /api/experts/application: saving', () => {
  it('upserts the profile, stores the document privately and records the terms', async () => {
    const user = await newExpert(t);
    const response = await submitApplication(t, user.cookie);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain('verification_docs');
    const { expert } = JSON.parse(text) as ExpertApplicationResponse;
    expect(expert).toMatchObject({
      expertise: ['Apartments', 'Vehicles', 'Marketplace items'],
      location: 'Brooklyn, New York, United States',
      latitude: 40.6782,
      longitude: -73.9442,
      verification_status: 'verified',
      lpca_terms_accepted: true,
      lpca_terms_accepted_at: t.clock.now().toISOString(),
      document_path: `/api/experts/${user.id}/document`,
      application_submitted: true,
      payment_setup_state: 'not_started',
    });
    const row = await expertRow(user.id);
    expect(row.document_url).toBe(`verification_docs/${user.id}/${t.clock.now().getTime()}_My_Passport_scan_.pdf`);
    const stored = await t.providers.storage.get(row.document_url!);
    expect(stored?.contentType).toBe('application/pdf');
    expect(stored?.bytes).toEqual(FILE_BYTES.pdf);
  });

  it('names the stored file by its content: a PNG named .pdf is kept as .png', async () => {
    const user = await newExpert(t);
    await submitApplication(t, user.cookie, { document: fileOf('png', 'id.pdf') });
    const row = await expertRow(user.id);
    expect(row.document_url).toMatch(/_id\.png$/);
    expect((await t.providers.storage.get(row.document_url!))?.contentType).toBe('image/png');
  });

  it('makes a user without a role an expert with the role counted as selected', async () => {
    const user = await t.createUser('new');
    expect((await submitApplication(t, user.cookie)).status).toBe(200);
    const roles = await t.db.select().from(userRoles).where(eq(userRoles.user_id, user.id));
    expect(roles.map((r) => r.role)).toEqual(['expert']);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile.role_selected_at).not.toBeNull();
  });

  it('lets an expert with incomplete onboarding resubmit, replacing the old document', async () => {
    const user = await newExpert(t);
    await submitApplication(t, user.cookie);
    const first = (await expertRow(user.id)).document_url!;
    t.clock.advance(1000);
    const response = await submitApplication(t, user.cookie, { bio: 'Updated bio', document: fileOf('jpeg', 'id.jpg') });
    expect(response.status).toBe(200);
    const second = await expertRow(user.id);
    expect(second.bio).toBe('Updated bio');
    expect(second.document_url).not.toBe(first);
    expect(await t.providers.storage.get(first)).toBeNull();
    expect(await t.providers.storage.get(second.document_url!)).not.toBeNull();
  });

  it('answers the duplicate-profile text to an expert whose onboarding is complete', async () => {
    const expert = await t.createUser('expert');
    const response = await submitApplication(t, expert.cookie);
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(
      'You already have an expert profile. Redirecting to your profile page.',
    );
    expect((await expertRow(expert.id)).document_url).toBeNull();
  });
});

describe('GET /api/experts/:id/document', () => {
  let owner: Awaited<ReturnType<typeof newExpert>>;
  beforeAll(async () => {
    owner = await newExpert(t);
    await submitApplication(t, owner.cookie);
  });

  it('serves the owner the file, privately', async () => {
    const response = await t.request('GET', `/api/experts/${owner.id}/document`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(FILE_BYTES.pdf);
  });

  it('serves an admin', async () => {
    const admin = await t.createUser('admin');
    const response = await t.request('GET', `/api/experts/${owner.id}/document`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
  });

  it('refuses another user', async () => {
    for (const kind of ['client', 'expert'] as const) {
      const other = await t.createUser(kind);
      const response = await t.request('GET', `/api/experts/${owner.id}/document`, { cookie: other.cookie });
      expect(response.status).toBe(403);
    }
  });

  it('refuses a signed-out visitor', async () => {
    const response = await t.request('GET', `/api/experts/${owner.id}/document`);
    expect(response.status).toBe(401);
  });

  it('answers 404 when there is no document, or no such expert', async () => {
    const admin = await t.createUser('admin');
    const expert = await t.createUser('expert');
    expect((await t.request('GET', `/api/experts/${expert.id}/document`, { cookie: admin.cookie })).status).toBe(404);
    expect((await t.request('GET', `/api/experts/nope/document`, { cookie: admin.cookie })).status).toBe(404);
  });
});
