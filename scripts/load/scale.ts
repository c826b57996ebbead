/**
 * The sizes `npm run load` seeds and ramps through. LOAD_SCALE picks one (default `full`, the
 * marketplace scale of issue 24; its ramp goes on to 1,000 signed-in users per instance, issue 55);
 * LOAD_SHORT=1 is the CI version (`small`, two 4 s steps, PGlite and two instances).
 */
export interface LoadScale {
  name: string;
  experts: number;
  tasks: number;
  messages: number;
  notifications: number;
  /** Load users per role (clients, experts) with a session, placed at CENTRE. */
  users: number;
  /** Pools the writing journeys consume one item at a time (hire, evidence, apply). */
  pool: number;
  /** Signed-in users per instance at each step of the ramp. */
  steps: number[];
  stepSeconds: number;
  /** The signed-in users per instance the run must carry (exit code 1 below it). */
  target: number;
}

export const SCALES: Record<string, LoadScale> = {
  full: {
    name: 'full',
    experts: 100_000,
    tasks: 1_000_000,
    messages: 5_000_000,
    notifications: 1_000_000,
    users: 400,
    pool: 12_000,
    steps: [25, 50, 100, 200, 300, 400, 600, 800, 1_000],
    stepSeconds: 20,
    target: 200,
  },
  medium: {
    name: 'medium',
    experts: 10_000,
    tasks: 100_000,
    messages: 500_000,
    notifications: 100_000,
    users: 400,
    pool: 12_000,
    steps: [25, 50, 100, 200, 300, 400, 600, 800, 1_000],
    stepSeconds: 15,
    target: 200,
  },
  small: {
    name: 'small',
    experts: 1_000,
    tasks: 10_000,
    messages: 20_000,
    notifications: 10_000,
    users: 40,
    pool: 400,
    steps: [10, 20],
    stepSeconds: 4,
    target: 20,
  },
};

/** The setups to run (LOAD_TARGETS): the CI version leaves out the one-instance PostgreSQL ramp (decision 0403). */
export function loadTargets(): string[] {
  return (process.env.LOAD_TARGETS ?? (process.env.LOAD_SHORT === '1' ? 'pglite,two' : 'pglite,postgres,two')).split(',');
}

/** The most instances a target ramps at once: each needs its own signed-in users (journeys.ts' Population). */
export const mostInstances = (targets: string[]) => (targets.includes('bus') ? 4 : 2);

export function loadScale(targets: string[] = loadTargets()): LoadScale {
  const short = process.env.LOAD_SHORT === '1';
  const name = process.env.LOAD_SCALE ?? (short ? 'small' : 'full');
  const scale = SCALES[name];
  if (!scale) throw new Error(`LOAD_SCALE must be one of ${Object.keys(SCALES).join(', ')}`);
  const steps = process.env.LOAD_STEPS ? process.env.LOAD_STEPS.split(',').map(Number) : scale.steps;
  const stepSeconds = Number(process.env.LOAD_STEP_SECONDS ?? scale.stepSeconds);
  const target = Number(process.env.LOAD_TARGET ?? scale.target);
  // Every instance's users at the last step are distinct (U/2 clients and U/2 experts per instance).
  const users = Math.max(scale.users, Math.ceil(Math.max(...steps) / 2) * mostInstances(targets));
  return { ...scale, steps, stepSeconds, target, users };
}

/** Where the load users live: Town 1 of the bench seed (scripts/bench/tasks.bench.ts). */
export const CENTRE = { latitude: 30.06, longitude: -119.83 };
