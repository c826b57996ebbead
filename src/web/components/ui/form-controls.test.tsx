// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';
import { Field } from './field';
import { Input } from './input';
import { PasswordInput } from './password-input';
import { Spinner } from './spinner';
import { Progress } from './progress';
import { Avatar } from './avatar';

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

describe('PasswordInput', () => {
  it('toggles between hidden and visible text, and the toggle says what it will do', async () => {
    const user = userEvent.setup();
    render(<PasswordInput aria-label="Password" defaultValue="s3cret" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('s3cret');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it('is a plain button, so it never submits the form around it', () => {
    render(<PasswordInput aria-label="Password" />);
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute('type', 'button');
  });
});

describe('Field', () => {
  it('labels the control and points aria-describedby at the error text', () => {
    render(
      <Field label="Email" description="We never share it." error="Please enter a valid email">
        <Input name="email" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it. Please enter a valid email');
    const errorId = input.getAttribute('aria-describedby')!.split(' ')[1];
    expect(document.getElementById(errorId)).toHaveTextContent('Please enter a valid email');
  });

  it('leaves a valid control without aria-invalid or a dangling description', () => {
    render(
      <Field label="First name" required>
        <Input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: /First name/ });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).toHaveAttribute('aria-required', 'true');
  });

  it('hands the wiring to a render function for composite controls', () => {
    render(
      <Field label="City" error="Required">
        {(control) => <input {...control} data-testid="city" />}
      </Field>,
    );
    expect(screen.getByTestId('city')).toHaveAccessibleName('City');
    expect(screen.getByTestId('city')).toHaveAccessibleDescription('Required');
  });
});

describe('Button', () => {
  it('renders the child element itself with asChild, keeping the button look', () => {
    render(
      <Button asChild variant="outline">
        <a href="/dashboard">Go to Dashboard</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Go to Dashboard' });
    expect(link).toHaveAttribute('href', '/dashboard');
    expect(link).toHaveClass('inline-flex', 'border-input');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("lets the caller's classes replace the defaults they conflict with", () => {
    render(<Button className="h-auto whitespace-normal">Choose</Button>);
    const button = screen.getByRole('button', { name: 'Choose' });
    expect(button).toHaveClass('h-auto', 'whitespace-normal');
    expect(button).not.toHaveClass('h-9');
    expect(button).not.toHaveClass('whitespace-nowrap');
  });
});

describe('status components', () => {
  it('Spinner announces its label, "Loading..." by default', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('Progress exposes its value and name to assistive tech', () => {
    render(<Progress value={40} label="Uploading document" />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading document' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', '40%');
  });

  it('Avatar falls back to initials and still names the person', () => {
    render(<Avatar name="Ada Lovelace" />);
    expect(screen.getByText('AL')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Ada Lovelace')).toHaveClass('sr-only');
  });
});
