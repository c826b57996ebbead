// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './dialog';

function Example({ preventClose }: { preventClose?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger>Open</DialogTrigger>
      <DialogContent preventClose={preventClose}>
        <DialogTitle>Choose a role</DialogTitle>
        <DialogDescription>You can change it later.</DialogDescription>
        <button type="button">Client</button>
      </DialogContent>
    </Dialog>
  );
}

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

describe('DialogContent', () => {
  it('with preventClose stays open on Escape and outside clicks, and offers no close button', async () => {
    // Radix sets pointer-events: none on the page behind a modal; click it anyway, as a stray tap would.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<Example preventClose />);
    const dialog = screen.getByRole('dialog', { name: 'Choose a role' });
    expect(dialog).toHaveAccessibleDescription('You can change it later.');
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Choose a role' })).toBeInTheDocument();

    await user.click(document.body);
    expect(screen.getByRole('dialog', { name: 'Choose a role' })).toBeInTheDocument();
  });

  it('without preventClose closes on a click outside', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<Example />);
    await user.click(document.body);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('without preventClose closes on Escape and from its close button', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
