import { messages } from '@shared/messages';
import { lazyToast } from './lazy-toast';

export type FormSchemas = typeof import('./form-schemas');

/**
 * The task page's form schemas (./form-schemas.ts), loaded on a form's first submit rather than with
 * the page (decision 0407). When the script cannot be fetched (offline, or a new release replaced
 * it), the user is told and the form keeps what was typed: the answer is null.
 */
export async function loadFormSchemas(
  load: () => Promise<FormSchemas> = () => import('./form-schemas'),
): Promise<FormSchemas | null> {
  try {
    return await load();
  } catch {
    void lazyToast.error(messages.shell.offlineText);
    return null;
  }
}
