/**
 * The quick-task draft: a location chosen on the landing page (and optionally a title and
 * description), kept in browser storage until the create-task form reads it once.
 */
export interface QuickTaskDraft {
  title?: string;
  description?: string;
  location: string;
  latitude: number;
  longitude: number;
}

const STORAGE_KEY = 'quick-task-draft';

export function saveQuickTaskDraft(draft: QuickTaskDraft, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(draft));
}

export function hasQuickTaskDraft(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    return Boolean(storage?.getItem(STORAGE_KEY));
  } catch {
    return false;
  }
}

/** Reads the draft once and removes it, so the form is pre-filled a single time. */
export function takeQuickTaskDraft(storage: Storage = localStorage): QuickTaskDraft | null {
  const raw = storage.getItem(STORAGE_KEY);
  if (!raw) return null;
  storage.removeItem(STORAGE_KEY);
  try {
    const draft = JSON.parse(raw) as Partial<QuickTaskDraft>;
    if (
      typeof draft.location !== 'string' ||
      typeof draft.latitude !== 'number' ||
      typeof draft.longitude !== 'number' ||
      !Number.isFinite(draft.latitude) ||
      !Number.isFinite(draft.longitude)
    ) {
      return null;
    }
    return {
      location: draft.location,
      latitude: draft.latitude,
      longitude: draft.longitude,
      ...(typeof draft.title === 'string' ? { title: draft.title } : {}),
      ...(typeof draft.description === 'string' ? { description: draft.description } : {}),
    };
  } catch {
    return null;
  }
}
