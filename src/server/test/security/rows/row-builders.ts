import type { TaskStatus } from '@shared/domain/task-status';
import { PNG_BYTES } from '../../builders';
import type { Expectation, MatrixCase, Target, World } from '../matrix';

/** What the modules' rows share: compact expectations, cases on a fresh task, and upload forms. */

/** Compact expectations: anon, owner, otherClient, applicant, assigned, otherExpert, admin. */
export const x = (anon: number, owner: number, otherClient: number, applicant: number, assigned: number, otherExpert: number, admin: number): Expectation => ({
  anon,
  owner,
  otherClient,
  applicant,
  assigned,
  otherExpert,
  admin,
});

/** Admins only: 401 signed out, 403 for every client and expert, `status` for the admin. */
export const adminOnly = (status: number): Expectation => x(401, 403, 403, 403, 403, 403, status);

/** A case on a fresh task in `status`; `extra` adds params or a body. */
export function onTask(
  status: TaskStatus,
  expect: Expectation,
  extra: (w: World, taskId: string) => Promise<Omit<Target, 'path'>> | Omit<Target, 'path'> = () => ({}),
  name = `${status} task`,
): MatrixCase {
  return {
    name,
    expect,
    arrange: async (w) => {
      const task = await w.task(status);
      const more = await extra(w, task.id);
      return { ...more, params: { id: task.id, ...more.params } };
    },
  };
}

/** A multipart form with one PNG under `field`, as an upload route receives it. */
export function pngForm(field: string, fileName: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.append(field, new File([PNG_BYTES], fileName, { type: 'image/png' }));
  return form;
}
