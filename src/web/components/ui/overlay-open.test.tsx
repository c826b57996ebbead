// @vitest-environment jsdom
import { Profiler, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './dropdown-menu';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

function ClosedOverlays() {
  return (
    <>
      <AlertDialog>
        <AlertDialogTrigger>Cancel the task</AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogTitle>Cancel this task?</AlertDialogTitle>
          <AlertDialogDescription>The hold is released.</AlertDialogDescription>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
        </AlertDialogContent>
      </AlertDialog>
      <Dialog>
        <DialogTrigger>Pay</DialogTrigger>
        <DialogContent>
          <DialogTitle>Authorize payment</DialogTitle>
          <DialogDescription>Your card is held, not charged.</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** A menu's trigger is also its anchor, which Radix records as it mounts: a menu is not in the one-commit test. */
function ClosedMenu() {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger>Actions</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem>Edit</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function counted(children: ReactNode) {
  const commits: string[] = [];
  const onRender = vi.fn((_id: string, phase: string) => commits.push(phase));
  return {
    commits,
    tree: (
      <Profiler id="page" onRender={onRender}>
        {children}
      </Profiler>
    ),
  };
}

describe('overlays that are closed', () => {
  it('mount in one commit: no closed dialog re-renders the page as it mounts', () => {
    const { commits, tree } = counted(<ClosedOverlays />);
    render(tree);
    expect(commits).toEqual(['mount']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('still open from their triggers, close on Escape and give focus back to the trigger', async () => {
    const user = userEvent.setup();
    render(
      <>
        <ClosedOverlays />
        <ClosedMenu />
      </>,
    );

    await user.click(screen.getByRole('button', { name: 'Cancel the task' }));
    expect(screen.getByRole('alertdialog', { name: 'Cancel this task?' })).toHaveAccessibleDescription(
      'The hold is released.',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel the task' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByRole('dialog', { name: 'Authorize payment' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('a popover opened by its trigger shows its content, and a controlled one follows its owner', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const { rerender } = render(
      <>
        <Popover>
          <PopoverTrigger>Notifications</PopoverTrigger>
          <PopoverContent aria-label="Notification list">No new notifications</PopoverContent>
        </Popover>
        <Popover open={false} onOpenChange={onOpenChange}>
          <PopoverTrigger>Filters</PopoverTrigger>
          <PopoverContent aria-label="Filter list">Status</PopoverContent>
        </Popover>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByRole('dialog', { name: 'Notification list' })).toHaveTextContent('No new notifications');

    // The controlled popover asks its owner, and stays shut until the owner says open.
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('dialog', { name: 'Filter list' })).not.toBeInTheDocument();
    rerender(
      <Popover open onOpenChange={onOpenChange}>
        <PopoverTrigger>Filters</PopoverTrigger>
        <PopoverContent aria-label="Filter list">Status</PopoverContent>
      </Popover>,
    );
    expect(screen.getByRole('dialog', { name: 'Filter list' })).toHaveTextContent('Status');
  });
});
