// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { TaskInfoCard } from './task-info-card';

afterEach(() => cleanup());

const TASK = {
  id: 'task-1',
  title: 'Check the roof',
  description: 'Photograph the roof from every side.',
  requirements: 'Ten photos and a short walk-around video.',
  category: 'property',
  urgency: 'medium',
  budget: 10_000,
  due_date: null,
  location: 'Austin, Texas',
  latitude: 30.2672,
  longitude: -97.7431,
  time_zone: 'America/Chicago',
  status: 'open',
  created_at: '2026-11-01T10:00:00.000Z',
  published_at: '2026-11-01T10:00:00.000Z',
  assigned_at: null,
  updated_at: '2026-11-01T10:00:00.000Z',
  checklist: [
    { id: 'roof', label: 'Roof from the street', kind: 'photo', required: true },
    { id: 'walk', label: 'Walk-around', kind: 'video', required: false },
  ],
} as unknown as TaskDetailsDto;

describe('TaskInfoCard (issue 52)', () => {
  it('shows the evidence checklist with the task, so an expert sees it before applying', () => {
    render(<TaskInfoCard task={TASK} />);
    const list = screen.getByRole('list', { name: 'Evidence checklist' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Roof from the streetPhotoRequired', 'Walk-aroundVideoOptional']);
  });

  it('shows no checklist on a task without one', () => {
    render(<TaskInfoCard task={{ ...TASK, checklist: null }} />);
    expect(screen.queryByTestId('task-checklist')).toBeNull();
  });
});
