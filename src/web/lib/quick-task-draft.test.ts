import { beforeEach, describe, expect, it } from 'vitest';
import { hasQuickTaskDraft, saveQuickTaskDraft, takeQuickTaskDraft } from './quick-task-draft';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
});

describe('quick-task draft', () => {
  it('is read once: the second take finds nothing', () => {
    saveQuickTaskDraft(
      { location: 'Austin, Texas, United States', latitude: 30.27, longitude: -97.74 },
      storage,
    );
    expect(hasQuickTaskDraft(storage)).toBe(true);
    expect(takeQuickTaskDraft(storage)).toEqual({
      location: 'Austin, Texas, United States',
      latitude: 30.27,
      longitude: -97.74,
    });
    expect(hasQuickTaskDraft(storage)).toBe(false);
    expect(takeQuickTaskDraft(storage)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('keeps title and description, and a newer draft replaces the older one', () => {
    saveQuickTaskDraft({ location: 'Chicago', latitude: 41.85, longitude: -87.65 }, storage);
    saveQuickTaskDraft(
      {
        title: 'Inspect a car',
        description: 'A used sedan',
        location: 'Boston',
        latitude: 42.36,
        longitude: -71.06,
      },
      storage,
    );
    expect(takeQuickTaskDraft(storage)).toEqual({
      title: 'Inspect a car',
      description: 'A used sedan',
      location: 'Boston',
      latitude: 42.36,
      longitude: -71.06,
    });
  });

  it('drops an unreadable or incomplete draft, and removes it all the same', () => {
    storage.setItem('quick-task-draft', '{not json');
    expect(takeQuickTaskDraft(storage)).toBeNull();
    expect(storage.length).toBe(0);

    storage.setItem(
      'quick-task-draft',
      JSON.stringify({ location: 'Nowhere', latitude: 'north', longitude: 1 }),
    );
    expect(takeQuickTaskDraft(storage)).toBeNull();
    expect(hasQuickTaskDraft(storage)).toBe(false);
  });

  it('reports no draft when storage is unavailable', () => {
    expect(hasQuickTaskDraft(undefined)).toBe(false);
    const broken = new MemoryStorage();
    broken.getItem = () => {
      throw new Error('SecurityError');
    };
    expect(hasQuickTaskDraft(broken)).toBe(false);
  });
});
