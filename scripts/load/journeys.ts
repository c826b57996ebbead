/**
 * The virtual users' journeys as autocannon request sequences. A step of U signed-in users per
 * instance is U/2 clients and U/2 experts (each holding a socket, see sockets.ts) and U/2 visitors;
 * each user runs its journey's sequence once every LOAD_THINK_S seconds (default 3) on average.
 * The reads are made by the step's own signed-in users (the ones holding sockets, `Population`), so
 * a user's requests share its session like a browser's do. Writes consume seeded pools (seed.ts)
 * through counters shared by every instance of the run; each is made by the item's owner.
 */
import { createHmac } from 'node:crypto';
import type { Request } from 'autocannon';
import { CENTRE } from './scale';
import { sessionTokenOf, uuidOf, type LoadCast } from './seed';
import { AUTH_SECRET } from './server';

export type Role = 'visitor' | 'client' | 'expert';

export interface Journey {
  name: string;
  role: Role;
  /** Share of the role's users on this journey. */
  share: number;
  requests: Request[];
}

/** The session cookie Better Auth would set for a seeded session row: token.HMAC-SHA256, URI-encoded. */
export function cookieOf(n: number, role: 'client' | 'expert'): string {
  const token = sessionTokenOf(n, role);
  const signature = createHmac('sha256', AUTH_SECRET).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...new Array(2048).fill(7)]);

async function evidenceBody(): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.set('completion_notes', 'All done: photos of every side attached.');
  form.append('files', new File([PNG], 'photo.png', { type: 'image/png' }));
  const response = new Response(form);
  return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

/** The signed-in users of the current step on one instance: numbers first+1 … first+perRole of each role. */
export interface Population {
  first: number;
  perRole: number;
}

export interface Counters {
  hire: number;
  evidence: number;
  apply: number;
  exhausted: number;
}

export async function buildJourneys(cast: LoadCast, origin: string, counters: Counters, population: Population): Promise<Journey[]> {
  const { users, pool } = cast;
  // One of the step's signed-in users (or, for a visitor's profile view, any seeded expert).
  const pick = (max: number) => 1 + Math.floor(Math.random() * max);
  const active = () => population.first + pick(population.perRole);
  // Pool item g belongs to client and expert 1 + g % users (seed.ts).
  const take = (name: 'hire' | 'evidence' | 'apply') => {
    const g = counters[name]++;
    if (g >= pool) counters.exhausted++;
    return g % pool;
  };
  const json = { 'content-type': 'application/json', origin };
  const signedIn = (role: 'client' | 'expert', n: number, extra: Record<string, string> = {}) => ({ origin, cookie: cookieOf(n, role), ...extra });
  const asAny = (role: 'client' | 'expert', path: () => string): Request => ({
    method: 'GET',
    path: '/',
    setupRequest: (req) => ({ ...req, path: path(), headers: signedIn(role, active()) }),
  });
  const point = `latitude=${CENTRE.latitude}&longitude=${CENTRE.longitude}`;
  const evidence = await evidenceBody();
  const dueDate = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
  // The chat partner n's task: 7…(n-1), between client n and expert n.
  const chat = (role: 'client' | 'expert'): Request[] => {
    // autocannon's context lives for one pass of a connection's sequence: the GET's partner posts.
    return [
      {
        method: 'GET',
        path: '/',
        setupRequest: (req, context) => {
          const n = active();
          (context as { n: number }).n = n;
          return { ...req, path: `/api/tasks/${uuidOf('7', n - 1)}/messages`, headers: signedIn(role, n) };
        },
      },
      {
        method: 'POST',
        path: '/',
        setupRequest: (req, context) => ({
          ...req,
          path: `/api/tasks/${uuidOf('7', (context as { n: number }).n - 1)}/messages`,
          headers: signedIn(role, (context as { n: number }).n, json),
          body: JSON.stringify({ content: `Load message from the ${role} at ${new Date().toISOString()}` }),
        }),
      },
    ];
  };
  return [
    { name: 'visitor: landing', role: 'visitor', share: 0.4, requests: [{ method: 'GET', path: '/' }, { method: 'GET', path: '/api/config' }] },
    { name: 'visitor: map', role: 'visitor', share: 0.3, requests: [{ method: 'GET', path: '/api/map-locations' }] },
    {
      name: 'visitor: public profile',
      role: 'visitor',
      share: 0.3,
      // The document carries the profile's first screen (decision 0404), then the page reads it.
      requests: [
        {
          method: 'GET',
          path: '/',
          setupRequest: (req, context) => {
            const expert = uuidOf('f', pick(users));
            (context as { expert: string }).expert = expert;
            return { ...req, path: `/expert/${expert}` };
          },
        },
        {
          method: 'GET',
          path: '/',
          setupRequest: (req, context) => ({ ...req, path: `/api/experts/${(context as { expert: string }).expert}/public` }),
        },
      ],
    },
    {
      name: 'client: dashboard',
      role: 'client',
      share: 0.4,
      requests: [
        // The document carries the first task cards (decision 0408), then the page reads the list.
        asAny('client', () => '/dashboard'),
        asAny('client', () => '/api/me'),
        asAny('client', () => '/api/tasks?scope=mine&page=1&pageSize=50'),
        asAny('client', () => '/api/notifications'),
        asAny('client', () => '/api/conversations'),
      ],
    },
    {
      name: 'client: post a task',
      role: 'client',
      share: 0.1,
      requests: [
        {
          method: 'POST',
          path: '/api/tasks',
          setupRequest: (req) => ({
            ...req,
            headers: signedIn('client', active(), json),
            body: JSON.stringify({
              title: 'Inspect a used car before purchase',
              description: 'Please inspect the car remotely and send photos and a video of the engine and body.',
              requirements: 'Photos of every side, the engine bay, the tyres and the dashboard.',
              category: 'vehicle',
              urgency: 'medium',
              budget: 15_000,
              location: 'Town 1',
              ...CENTRE,
              due_date: dueDate(),
            }),
          }),
        },
      ],
    },
    {
      name: 'client: read applications',
      role: 'client',
      share: 0.2,
      requests: [
        {
          method: 'GET',
          path: '/',
          // The pool's last items are never hired in a run: their one pending application stays to read.
          setupRequest: (req) => {
            const g = pool - 1 - Math.floor(Math.random() * Math.min(200, pool / 4));
            return { ...req, path: `/api/tasks/${uuidOf('8', g)}`, headers: signedIn('client', 1 + (g % users)) };
          },
        },
      ],
    },
    {
      name: 'client: hire',
      role: 'client',
      share: 0.1,
      requests: [
        {
          method: 'POST',
          path: '/',
          setupRequest: (req) => {
            const g = take('hire');
            return {
              ...req,
              path: `/api/tasks/${uuidOf('8', g)}/assign`,
              headers: signedIn('client', 1 + (g % users), json),
              body: JSON.stringify({ application_id: cast.hireApplications[g] }),
            };
          },
        },
      ],
    },
    { name: 'client: chat', role: 'client', share: 0.2, requests: chat('client') },
    {
      name: 'expert: search tasks',
      role: 'expert',
      share: 0.4,
      requests: [asAny('expert', () => `/api/tasks?scope=available&${point}&page=1&pageSize=50`)],
    },
    {
      name: 'expert: apply',
      role: 'expert',
      share: 0.2,
      requests: [
        {
          method: 'POST',
          path: '/',
          setupRequest: (req) => {
            const g = take('apply');
            return {
              ...req,
              path: `/api/tasks/${uuidOf('6', g)}/applications`,
              headers: signedIn('expert', 1 + (g % users), json),
              body: JSON.stringify({ proposed_rate: 15_000, notes: 'I can do this today with photos and video.' }),
            };
          },
        },
      ],
    },
    { name: 'expert: chat', role: 'expert', share: 0.25, requests: chat('expert') },
    {
      name: 'expert: submit evidence',
      role: 'expert',
      share: 0.15,
      requests: [
        {
          method: 'POST',
          path: '/',
          setupRequest: (req) => {
            const g = take('evidence');
            return {
              ...req,
              path: `/api/tasks/${uuidOf('9', g)}/evidence`,
              headers: signedIn('expert', 1 + (g % users), { origin, 'content-type': evidence.contentType }),
              body: evidence.body,
            };
          },
        },
      ],
    },
  ];
}
