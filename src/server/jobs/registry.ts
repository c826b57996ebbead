import type { JobRow } from './jobs.repository';
import { createJobRunner, type JobHandler, type JobRunnerOptions } from './runner';

/**
 * One module's part of the job runner (issue 48): its job kinds' handlers, the periodic work that
 * finds what became due, and the kinds' limits. Each module exports a function that builds its
 * registration from its own deps (`holdJobs(deps)`, `notificationDeliveryJobs(deps)`, ...); the
 * composition root (server-context.ts) lists them and createRegisteredJobRunner assembles the runner.
 */
export interface JobModule {
  /** Names the module in errors (two modules registering one kind). */
  name: string;
  handlers?: Record<string, JobHandler>;
  /**
   * Finds work that has become due and enqueues it with keyed jobs; the runner calls every module's
   * schedule before each claim, in the order of the list.
   */
  schedule?: (now: Date) => Promise<void>;
  /** How many jobs of one of its kinds may run at once, where a kind needs other than the runner's default. */
  kindLimits?: Record<string, number>;
  /** A handler of one of its kinds still running after this is failed and retried (default: the runner's). */
  kindTimeoutsMs?: Record<string, number>;
  /** Called when one of its jobs used its last attempt and failed (admins are told of money jobs). */
  onExhausted?: (job: JobRow, error: string) => Promise<void>;
}

/** What the registrations decide; the rest of JobRunnerOptions is the process's (poll interval, metrics, wake-up). */
type RegisteredOptions = 'handlers' | 'schedule' | 'kindLimits' | 'kindTimeoutsMs' | 'onExhausted';

/** Merges registrations into the runner's options; a kind registered twice is a programming error. */
export function combineJobModules(modules: readonly JobModule[]): Pick<JobRunnerOptions, RegisteredOptions> {
  const handlers: Record<string, JobHandler> = {};
  const owners = new Map<string, JobModule>();
  for (const registration of modules) {
    for (const [kind, handler] of Object.entries(registration.handlers ?? {})) {
      const owner = owners.get(kind);
      if (owner) throw new Error(`Job kind ${kind} is registered by both ${owner.name} and ${registration.name}`);
      owners.set(kind, registration);
      handlers[kind] = handler;
    }
  }
  const schedules = modules.flatMap((registration) => (registration.schedule ? [registration.schedule] : []));
  return {
    handlers,
    schedule:
      schedules.length === 0
        ? undefined
        : async (now) => {
            for (const schedule of schedules) await schedule(now);
          },
    kindLimits: Object.assign({}, ...modules.map((registration) => registration.kindLimits ?? {})) as Record<string, number>,
    kindTimeoutsMs: Object.assign({}, ...modules.map((registration) => registration.kindTimeoutsMs ?? {})) as Record<string, number>,
    onExhausted: async (job, error) => {
      await owners.get(job.kind)?.onExhausted?.(job, error);
    },
  };
}

/** The job runner of a list of registrations: the app's (server-context.ts), or a second worker in a test. */
export function createRegisteredJobRunner(
  modules: readonly JobModule[],
  options: Omit<JobRunnerOptions, RegisteredOptions>,
) {
  return createJobRunner({ ...options, ...combineJobModules(modules) });
}
