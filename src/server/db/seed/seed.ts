import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Db } from '../client';
import {
  authAccounts,
  authUsers,
  expertProfiles,
  localPaymentAccounts,
  profiles,
  tasks,
  userRoles,
} from '../schema';
import { SEED_CITIES, type SeedCity } from './seed-cities';
import { SEED_TASKS, EXPERT_BIOS, EXPERTISE_SETS, FIRST_NAMES, LAST_NAMES } from './seed-content';

export const DEMO_PASSWORD = 'demo-password';

export interface DemoAccount {
  role: 'admin' | 'client' | 'expert';
  email: string;
  name: string;
}

/** How many demo experts live in each city: two busy metros, then a few everywhere else. */
export function expertsPerCity(city: SeedCity, index: number): number {
  if (city.name === 'New York') return 125;
  if (city.name === 'Los Angeles') return 65;
  return 2 + (index % 3);
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(authUsers);
  return Number(row.value) === 0;
}

type NewUser = { id: string; email: string; firstName: string; lastName: string };

async function insertUsers(db: Db, users: NewUser[], passwordHash: string, now: Date) {
  for (let start = 0; start < users.length; start += 200) {
    const batch = users.slice(start, start + 200);
    await db.insert(authUsers).values(
      batch.map((u) => ({
        id: u.id,
        name: `${u.firstName} ${u.lastName}`,
        email: u.email,
        emailVerified: true,
        firstName: u.firstName,
        lastName: u.lastName,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await db.insert(authAccounts).values(
      batch.map((u) => ({ id: randomUUID(), accountId: u.id, providerId: 'credential', userId: u.id, password: passwordHash })),
    );
    await db.insert(profiles).values(
      batch.map((u) => ({
        id: u.id,
        email: u.email,
        first_name: u.firstName,
        last_name: u.lastName,
        onboarding_completed: true,
        role_selected_at: now,
        created_at: now,
      })),
    );
  }
}

/**
 * Demo data for an empty database: an admin, two clients, experts spread over 50 cities (most of
 * them payable: onboarding complete and account active) and a few open tasks.
 */
export async function seedDemoData(db: Db, options: { passwordHash: string; now?: Date }): Promise<DemoAccount[]> {
  const now = options.now ?? new Date();
  const admin: NewUser = { id: randomUUID(), email: 'admin@example.com', firstName: 'Avery', lastName: 'Admin' };
  const clients: NewUser[] = [
    { id: randomUUID(), email: 'client@example.com', firstName: 'Casey', lastName: 'Client' },
    { id: randomUUID(), email: 'client2@example.com', firstName: 'Jordan', lastName: 'Buyer' },
  ];
  const experts: Array<NewUser & { city: SeedCity; payable: boolean; n: number }> = [];
  SEED_CITIES.forEach((city, cityIndex) => {
    for (let i = 0; i < expertsPerCity(city, cityIndex); i += 1) {
      const n = experts.length + 1;
      experts.push({
        id: randomUUID(),
        email: `expert${n}@example.com`,
        firstName: FIRST_NAMES[n % FIRST_NAMES.length],
        lastName: LAST_NAMES[(n * 7) % LAST_NAMES.length],
        city,
        // Every tenth expert has not finished payment setup, so the map and checks see both kinds.
        payable: n % 10 !== 0,
        n,
      });
    }
  });

  await insertUsers(db, [admin, ...clients, ...experts], options.passwordHash, now);
  await db.insert(userRoles).values([
    { user_id: admin.id, role: 'admin' },
    ...experts.map((e) => ({ user_id: e.id, role: 'expert' as const })),
  ]);

  const jitter = (n: number, scale: number) => (((n * 9301 + 49297) % 233280) / 233280 - 0.5) * scale;
  for (let start = 0; start < experts.length; start += 200) {
    const batch = experts.slice(start, start + 200);
    await db.insert(localPaymentAccounts).values(
      batch.map((e) => ({
        id: `acct_local_seed_${e.n}`,
        email: e.email,
        details_submitted: e.payable,
        charges_enabled: e.payable,
        payouts_enabled: e.payable,
      })),
    );
    await db.insert(expertProfiles).values(
      batch.map((e) => ({
        id: e.id,
        profile_id: e.id,
        bio: EXPERT_BIOS[e.n % EXPERT_BIOS.length].replace('{city}', e.city.name),
        expertise: EXPERTISE_SETS[e.n % EXPERTISE_SETS.length],
        location: [e.city.name, e.city.region ?? e.city.country].join(', '),
        latitude: e.city.latitude + jitter(e.n, 0.08),
        longitude: e.city.longitude + jitter(e.n * 3, 0.08),
        verification_status: 'verified' as const,
        stripe_account_id: `acct_local_seed_${e.n}`,
        stripe_onboarding_completed: e.payable,
        stripe_account_status: e.payable ? ('active' as const) : ('pending' as const),
        lpca_terms_accepted: true,
        lpca_terms_accepted_at: now,
      })),
    );
  }

  await db.insert(tasks).values(
    SEED_TASKS.map((task, index) => {
      const city = SEED_CITIES.find((c) => c.name === task.city) ?? SEED_CITIES[0];
      return {
        title: task.title,
        description: task.description,
        requirements: task.requirements,
        category: task.category,
        urgency: task.urgency,
        budget: task.budgetCents,
        due_date: new Date(now.getTime() + (5 + index) * 86_400_000),
        location: [city.name, city.region ?? city.country].join(', '),
        latitude: city.latitude,
        longitude: city.longitude,
        status: 'open' as const,
        client_id: clients[index % clients.length].id,
        published_at: now,
        created_at: new Date(now.getTime() - index * 3_600_000),
      };
    }),
  );

  return [
    { role: 'admin', email: admin.email, name: 'Avery Admin' },
    ...clients.map((c) => ({ role: 'client' as const, email: c.email, name: `${c.firstName} ${c.lastName}` })),
    ...experts.slice(0, 3).map((e) => ({
      role: 'expert' as const,
      email: e.email,
      name: `${e.firstName} ${e.lastName} (${e.city.name})`,
    })),
  ];
}

/** How many demo experts the seed creates: their emails are expert1@example.com to expert{N}@example.com. */
export const DEMO_EXPERT_COUNT = SEED_CITIES.reduce((sum, city, index) => sum + expertsPerCity(city, index), 0);
