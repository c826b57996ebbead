import { describe, expect, it } from 'vitest';
import {
  createTaskFormSchema,
  createTaskSchema,
  listTasksQuerySchema,
  proximityCheckSchema,
  taskFormDefaults,
  updateTaskFormSchema,
  updateTaskSchema,
} from './tasks.schemas';
import { fieldErrors } from './common.schemas';

const valid = {
  title: 'Inspect my car',
  description: 'Please check the photos of the car for damage.',
  requirements: 'Photos of every side and the engine bay.',
  category: 'vehicle',
  urgency: 'medium',
  budget: 12_500,
  due_date: '2025-07-01T00:00:00.000Z',
  location: 'Austin, Texas, United States',
  latitude: 30.2672,
  longitude: -97.7431,
};

const errorsOf = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error as never);
};

describe('createTaskSchema', () => {
  it('accepts a complete task and trims its texts', () => {
    const task = createTaskSchema.parse({ ...valid, title: '  Inspect my car  ' });
    expect(task.title).toBe('Inspect my car');
    expect(task.due_date).toEqual(new Date('2025-07-01T00:00:00.000Z'));
    expect(task.budget).toBe(12_500);
  });

  it.each([
    ['title', 'abcd', 'Title must be at least 5 characters'],
    ['title', '    abcd   ', 'Title must be at least 5 characters'],
    ['title', undefined, 'Title must be at least 5 characters'],
    ['title', 'x'.repeat(201), 'Title must be at most 200 characters'],
    ['description', 'too short', 'Description must be at least 10 characters'],
    ['requirements', '123456789', 'Requirements must be at least 10 characters'],
    ['category', 'boats', 'Please select a category'],
    ['urgency', 'urgent', 'Please select an urgency'],
    ['budget', undefined, 'Budget is required'],
    ['budget', null, 'Budget is required'],
    ['budget', 0, 'Budget must be a valid positive number'],
    ['budget', -100, 'Budget must be a valid positive number'],
    ['budget', 10.5, 'Budget must be a valid positive number'],
    ['budget', '100', 'Budget must be a valid positive number'],
    ['due_date', undefined, 'Due date is required'],
    ['due_date', '', 'Due date is required'],
    ['due_date', 'tomorrow', 'Please pick a valid due date'],
    ['location', '', 'Please select a location'],
    ['location', undefined, 'Please select a location'],
    ['latitude', null, 'Please select a valid location with coordinates'],
    ['latitude', 91, 'Please select a valid location with coordinates'],
    ['longitude', undefined, 'Please select a valid location with coordinates'],
    ['longitude', -181, 'Please select a valid location with coordinates'],
    ['longitude', Number.NaN, 'Please select a valid location with coordinates'],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(errorsOf(createTaskSchema, { ...valid, [field]: value })[field]).toBe(message);
  });

  it('accepts every category and urgency', () => {
    for (const category of ['general', 'property', 'vehicle']) {
      expect(createTaskSchema.safeParse({ ...valid, category }).success).toBe(true);
    }
    for (const urgency of ['low', 'medium', 'high']) {
      expect(createTaskSchema.safeParse({ ...valid, urgency }).success).toBe(true);
    }
  });
});

describe('createTaskFormSchema', () => {
  it('reads the budget in dollars and outputs cents', () => {
    expect(createTaskFormSchema.parse({ ...valid, budget: '125' }).budget).toBe(12_500);
    expect(createTaskFormSchema.parse({ ...valid, budget: 99.99, due_date: new Date() }).budget).toBe(9_999);
  });

  it('uses the spec texts for a missing or bad budget', () => {
    expect(errorsOf(createTaskFormSchema, { ...valid, budget: '' }).budget).toBe('Budget is required');
    expect(errorsOf(createTaskFormSchema, { ...valid, budget: 'abc' }).budget).toBe(
      'Budget must be a valid positive number',
    );
    expect(errorsOf(createTaskFormSchema, { ...valid, budget: '-1' }).budget).toBe(
      'Budget must be a valid positive number',
    );
  });
});

describe('updateTaskSchema', () => {
  it('accepts any single field', () => {
    expect(updateTaskSchema.parse({ title: 'A new title' })).toEqual({ title: 'A new title' });
    expect(updateTaskSchema.parse({ due_date: '2025-08-01' }).due_date).toEqual(new Date('2025-08-01'));
  });

  it('still validates what is given', () => {
    expect(errorsOf(updateTaskSchema, { title: 'abc' }).title).toBe('Title must be at least 5 characters');
    expect(errorsOf(updateTaskSchema, { budget: 0 }).budget).toBe('Budget must be a valid positive number');
  });

  it('refuses an empty update', () => {
    expect(errorsOf(updateTaskSchema, {})['']).toBe('Please change at least one field');
  });

  it('needs the location text and both coordinates together', () => {
    expect(updateTaskSchema.safeParse({ location: 'Paris', latitude: 48.85, longitude: 2.35 }).success).toBe(
      true,
    );
    expect(errorsOf(updateTaskSchema, { location: 'Paris' }).latitude).toBe(
      'Please select a valid location with coordinates',
    );
    expect(errorsOf(updateTaskSchema, { latitude: 1, longitude: 2 }).location).toBe(
      'Please select a location',
    );
  });

  it('has a form variant in dollars', () => {
    expect(updateTaskFormSchema.parse({ budget: '20' })).toEqual({ budget: 2_000 });
    expect(errorsOf(updateTaskFormSchema, {})['']).toBe('Please change at least one field');
  });
});

describe('taskFormDefaults', () => {
  it('starts at 100 dollars, due in 7 days, first category and urgency', () => {
    const now = new Date(2025, 5, 1, 9, 0, 0);
    const defaults = taskFormDefaults(now);
    expect(defaults).toMatchObject({ category: 'general', urgency: 'low', budgetCents: 10_000 });
    expect(defaults.due_date).toEqual(new Date(2025, 5, 8, 9, 0, 0));
    expect(now).toEqual(new Date(2025, 5, 1, 9, 0, 0));
  });
});

describe('listTasksQuerySchema', () => {
  it('parses paging, status and a centre with radius from query strings', () => {
    expect(
      listTasksQuerySchema.parse({
        page: '2',
        status: 'open',
        latitude: '30.1',
        longitude: '-97.5',
        radius_miles: '50',
      }),
    ).toEqual({ page: 2, pageSize: 10, status: 'open', latitude: 30.1, longitude: -97.5, radius_miles: 50 });
    expect(listTasksQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    for (const scope of ['mine', 'available', 'applied', 'assigned']) {
      expect(listTasksQuerySchema.parse({ scope }).scope).toBe(scope);
    }
    expect(listTasksQuerySchema.safeParse({ scope: 'all' }).success).toBe(false);
  });

  it('needs both coordinates or neither, each in range', () => {
    expect(errorsOf(listTasksQuerySchema, { latitude: '30' }).longitude).toBe('Invalid coordinates');
    expect(errorsOf(listTasksQuerySchema, { latitude: '95', longitude: '0' }).latitude).toBe(
      'Invalid coordinates',
    );
    expect(listTasksQuerySchema.safeParse({ status: 'done' }).success).toBe(false);
    expect(listTasksQuerySchema.safeParse({ radius_miles: '-5' }).success).toBe(false);
  });
});

describe('proximityCheckSchema', () => {
  it('takes the chosen coordinates', () => {
    expect(proximityCheckSchema.parse({ latitude: 1, longitude: 2 })).toEqual({ latitude: 1, longitude: 2 });
    expect(errorsOf(proximityCheckSchema, { latitude: 1 }).longitude).toBe(
      'Please select a valid location with coordinates',
    );
  });
});
