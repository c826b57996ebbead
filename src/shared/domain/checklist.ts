import type { TaskCategory } from './enums';

/**
 * Evidence checklists: what the expert must capture for a task. Pure rules shared by the create-task
 * form (defaults, editing), the expert's evidence form (walking the items) and the server (refusing a
 * submission that misses a required item). docs/decisions/0150.
 */

export const CHECKLIST_ITEM_KINDS = ['photo', 'video'] as const;
export type ChecklistItemKind = (typeof CHECKLIST_ITEM_KINDS)[number];

export interface ChecklistItem {
  /** Stable within the task: the evidence form's field names and the stored files refer to it. */
  id: string;
  label: string;
  kind: ChecklistItemKind;
  required: boolean;
}

export const CHECKLIST_LIMITS = {
  maxItems: 30,
  labelMax: 120,
  /** Photos per item; a task with a checklist holds at most maxItems * this many files. */
  maxFilesPerItem: 5,
  /** The whole submission of a checklist task, photos of every item together. */
  maxFiles: 40,
} as const;

/** The templates the issue names; `item` is offered on the form for general tasks (no category of its own). */
export const CHECKLIST_TEMPLATES = {
  property: [
    ['Entrance and street sign', 'photo', true],
    ['Each room', 'photo', true],
    ['Windows', 'photo', true],
    ['Ceilings', 'photo', true],
    ['Water pressure', 'video', false],
    ['Meters', 'photo', true],
  ],
  vehicle: [
    ['VIN plate', 'photo', true],
    ['Odometer', 'photo', true],
    ['Four corners', 'photo', true],
    ['Tyres', 'photo', true],
    ['Engine bay', 'photo', true],
    ['Cold start', 'video', true],
  ],
  item: [
    ['Serial number', 'photo', true],
    ['Every side', 'photo', true],
    ['Defects', 'photo', false],
    ['Working demo', 'video', true],
  ],
} as const satisfies Record<string, readonly (readonly [string, ChecklistItemKind, boolean])[]>;

export type ChecklistTemplate = keyof typeof CHECKLIST_TEMPLATES;

/** A label as an id: lower-case words joined by dashes, unique within the list. */
export function itemIdFor(label: string, taken: ReadonlySet<string> = new Set()): string {
  const base =
    label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'item';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

export function checklistFromTemplate(template: ChecklistTemplate): ChecklistItem[] {
  const taken = new Set<string>();
  return CHECKLIST_TEMPLATES[template].map(([label, kind, required]) => {
    const id = itemIdFor(label, taken);
    taken.add(id);
    return { id, label, kind, required };
  });
}

/** The checklist a new task starts with: the category's template; general tasks start empty (the client's own list). */
export function defaultChecklist(category: TaskCategory): ChecklistItem[] {
  return category === 'general' ? [] : checklistFromTemplate(category);
}

/** Gives every item an id that is unique in the list (new items typed on the form have none yet). */
export function normalizeChecklist(items: readonly (Omit<ChecklistItem, 'id'> & { id?: string })[]): ChecklistItem[] {
  const taken = new Set<string>();
  return items.map((item) => {
    const wanted = item.id && /^[a-z0-9-]{1,60}$/.test(item.id) && !taken.has(item.id) ? item.id : itemIdFor(item.label, taken);
    taken.add(wanted);
    return { id: wanted, label: item.label.trim(), kind: item.kind, required: item.required };
  });
}

/** The required items that have no file among the submitted ones, in checklist order. */
export function missingRequiredItems(
  checklist: readonly ChecklistItem[],
  filesPerItem: Readonly<Record<string, number>>,
): ChecklistItem[] {
  return checklist.filter((item) => item.required && (filesPerItem[item.id] ?? 0) === 0);
}

/** A task without a checklist (created before checklists, or left empty) uses the free photo upload. */
export function hasChecklist(checklist: readonly ChecklistItem[] | null | undefined): checklist is ChecklistItem[] {
  return Array.isArray(checklist) && checklist.length > 0;
}
