import { describe, expect, it } from 'vitest';
import { defaultChecklist, hasChecklist, missingRequiredItems, normalizeChecklist } from './checklist';

describe('checklist rules', () => {
  it('gives each category its defaults: property and vehicle lists, general empty', () => {
    expect(defaultChecklist('property').map((item) => item.label)).toEqual([
      'Entrance and street sign',
      'Each room',
      'Windows',
      'Ceilings',
      'Water pressure',
      'Meters',
    ]);
    const vehicle = defaultChecklist('vehicle');
    expect(vehicle.find((item) => item.id === 'cold-start')).toEqual({ id: 'cold-start', label: 'Cold start', kind: 'video', required: true });
    expect(defaultChecklist('general')).toEqual([]);
    expect(hasChecklist(defaultChecklist('general'))).toBe(false);
    expect(hasChecklist(null)).toBe(false);
  });

  it('makes ids unique and keeps valid ones', () => {
    const items = normalizeChecklist([
      { label: 'Kitchen', kind: 'photo', required: true },
      { label: 'Kitchen', kind: 'photo', required: false },
      { id: 'kept', label: ' Roof ', kind: 'video', required: true },
      { id: 'kept', label: 'Other', kind: 'photo', required: true },
    ]);
    expect(items.map((item) => item.id)).toEqual(['kitchen', 'kitchen-2', 'kept', 'other']);
    expect(items[2].label).toBe('Roof');
  });

  it('lists the required items without files, optional ones never', () => {
    const list = defaultChecklist('property');
    const missing = missingRequiredItems(list, { 'entrance-and-street-sign': 1, 'each-room': 3, windows: 0 });
    expect(missing.map((item) => item.id)).toEqual(['windows', 'ceilings', 'meters']);
  });
});
