import { takeQuickTaskDraft, type QuickTaskDraft } from '@web/lib/quick-task-draft';

/**
 * The quick-task draft is removed from storage when read, and React may run a state initializer
 * twice (StrictMode). Remembering what was taken per navigation entry keeps the pre-fill and its
 * notice on the page that read it, and never on a later visit.
 */
const takenByEntry = new Map<string, QuickTaskDraft | null>();

export function takeDraftOnce(entryKey: string, storage?: Storage): QuickTaskDraft | null {
  if (!takenByEntry.has(entryKey)) {
    let draft: QuickTaskDraft | null = null;
    try {
      draft = takeQuickTaskDraft(storage ?? localStorage);
    } catch {
      draft = null;
    }
    takenByEntry.set(entryKey, draft);
  }
  return takenByEntry.get(entryKey) ?? null;
}
