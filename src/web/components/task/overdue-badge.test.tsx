// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OverdueBadge } from './overdue-badge';

afterEach(cleanup);

const DUE = '2026-03-10T04:59:59.999Z';
const after = new Date('2026-03-10T05:01:00Z');

describe('OverdueBadge (issue 50)', () => {
  it('says Overdue past the due moment while work is owed', () => {
    render(<OverdueBadge task={{ status: 'in_progress', due_date: DUE }} now={after} />);
    expect(screen.getByTestId('overdue-badge')).toHaveTextContent('Overdue');
  });

  it('says nothing before the due moment, or once evidence arrived', () => {
    render(
      <>
        <OverdueBadge task={{ status: 'in_progress', due_date: DUE }} now={new Date('2026-03-10T04:00:00Z')} />
        <OverdueBadge task={{ status: 'pending_approval', due_date: DUE }} now={after} />
      </>,
    );
    expect(screen.queryByTestId('overdue-badge')).toBeNull();
  });
});
