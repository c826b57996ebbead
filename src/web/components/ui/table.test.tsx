// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

describe('Table stackOnPhone (rows as cards on phones, issue 25)', () => {
  it('labels every cell with its column header and keeps the table roles for screen readers', () => {
    const { rerender } = render(
      <Table stackOnPhone>
        <TableHeader>
          <TableRow>
            <TableHead>User</TableHead>
            <TableHead>Amount</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableCell>Ada</TableCell>
            <TableCell>$10.00</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    const table = screen.getByRole('table');
    expect(table).toHaveClass('table-stack');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['User', 'Amount']);
    expect(screen.getByRole('cell', { name: '$10.00' })).toHaveAttribute('data-label', 'Amount');
    // Rows of a later page are labelled too.
    rerender(
      <Table stackOnPhone>
        <TableHeader>
          <TableRow>
            <TableHead>User</TableHead>
            <TableHead>Amount</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableCell>Grace</TableCell>
            <TableCell>$20.00</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    expect(screen.getByRole('cell', { name: 'Grace' })).toHaveAttribute('data-label', 'User');
  });

  it('leaves a plain table as it was', () => {
    render(
      <Table>
        <TableBody>
          <TableRow>
            <TableCell>Ada</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    expect(screen.getByRole('table')).not.toHaveClass('table-stack');
    expect(screen.getByRole('cell')).not.toHaveAttribute('data-label');
  });
});

describe('Table scrollLabel (issue 52, axe scrollable-region-focusable)', () => {
  it('makes the scrolling box a named region a keyboard user can reach', () => {
    render(
      <Table scrollLabel="Users">
        <TableBody>
          <TableRow>
            <TableCell>Ada</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    const region = screen.getByRole('region', { name: 'Users' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toBeInTheDocument();
  });

  it('adds no Tab stop to a table without a label', () => {
    const { container } = render(
      <Table>
        <TableBody>
          <TableRow>
            <TableCell>Ada</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    expect(container.querySelector('[data-slot="table-container"]')).not.toHaveAttribute('tabindex');
  });
});
