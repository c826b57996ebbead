// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntryDto } from '@shared/schemas/admin-dto';
import { AuditTable, describeAuditEntry } from './audit-table';

afterEach(cleanup);

function createAuditEntry(overrides: Partial<AuditEntryDto> = {}): AuditEntryDto {
  return {
    id: crypto.randomUUID(),
    action: 'override.cancel',
    actor_id: crypto.randomUUID(),
    actor_name: 'Ada Admin',
    target_type: 'task',
    target_id: '7a6f1c1e-3a52-4c4e-9a0e-8d2f54f0a111',
    target_name: 'Inspect a 2015 Civic',
    details: { reason: 'Seller withdrew', status_before: 'assigned', status_after: 'cancelled' },
    created_at: '2026-12-01T10:00:00',
    ...overrides,
  };
}

describe('the admin audit table', () => {
  it('says what happened in words, never the stored key', () => {
    expect(describeAuditEntry(createAuditEntry())).toBe('Cancelled a task (override) (assigned → cancelled). Reason: Seller withdrew');
    expect(describeAuditEntry(createAuditEntry({ action: 'user.suspended', target_type: 'user', details: {} }))).toBe('User suspended');
    // An action added later still reads as words.
    expect(describeAuditEntry(createAuditEntry({ action: 'payment.hold_reminder', details: {} }))).toBe('Payment hold reminder');
    // Issue 52: a count with its noun in the singular too.
    expect(describeAuditEntry(createAuditEntry({ action: 'notification.sent', details: { title: 'Hi', recipients: 1 } }))).toBe('Sent "Hi" to 1 user');
    expect(describeAuditEntry(createAuditEntry({ action: 'notification.sent', details: { title: 'Hi', recipients: 3 } }))).toBe('Sent "Hi" to 3 users');
  });

  it('links a task to its page; a user stays a name', () => {
    const rows = [
      createAuditEntry(),
      createAuditEntry({ action: 'role.added', target_type: 'user', target_name: 'Bea Expert', details: { role: 'admin' } }),
    ];
    render(
      <MemoryRouter>
        <AuditTable list={{ rows, total: 2, page: 1, pageSize: 20 }} page={1} onPage={() => undefined} emptyText="None" />
      </MemoryRouter>,
    );
    const [taskRow, userRow] = screen.getAllByTestId('audit-row');
    expect(within(taskRow!).getByRole('link', { name: 'Inspect a 2015 Civic' })).toHaveAttribute('href', '/task/7a6f1c1e-3a52-4c4e-9a0e-8d2f54f0a111');
    expect(within(userRow!).queryByRole('link')).toBeNull();
    expect(within(userRow!).getByText('Added the admin role')).toBeInTheDocument();
    expect(screen.queryByText(/override\.cancel/)).toBeNull();
  });
});
