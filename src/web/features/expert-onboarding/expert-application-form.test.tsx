// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExpertApplicationForm } from './expert-application-form';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
// The shared picker searches over the network; here a button picks a fixed place.
vi.mock('./service-location-field', () => ({
  ServiceLocationField: ({ onChange, error }: { onChange: (l: unknown) => void; error?: string | null }) => (
    <div>
      <button
        type="button"
        onClick={() => onChange({ name: 'Austin', lat: 30.27, lng: -97.74, address: 'Austin, Texas', country: 'United States', region: 'Texas' })}
      >
        Pick Austin
      </button>
      {error ? <p>{error}</p> : null}
    </div>
  ),
}));

// jsdom has no ResizeObserver; Radix's checkbox measures itself with one.
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    unobserve() {}
    disconnect() {}
  },
);

afterEach(() => {
  cleanup();
  vi.mocked(toast.error).mockClear();
});

const pdf = (size = 100) => new File([new Uint8Array(size)], 'id.pdf', { type: 'application/pdf' });

function renderForm() {
  const onSubmit = vi.fn(async (_values: unknown, onProgress: (fraction: number) => void) => onProgress(0.5));
  // The terms read the fee in force through a query (answered with the default here: no server).
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ExpertApplicationForm existing={null} onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('ExpertApplicationForm', () => {
  it('has the spec fields and the submit button', () => {
    renderForm();
    expect(screen.getByLabelText(/^Bio/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Areas of Expertise/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Verification Document/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Accept Payment Processing Terms/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Payment Processing Terms' })).toHaveTextContent('limited payment collection agent');
    expect(screen.getByRole('button', { name: 'Submit for Verification' })).toBeInTheDocument();
  });

  it('walks through the validation texts in order, then submits', async () => {
    const { onSubmit, user } = renderForm();
    const submit = () => user.click(screen.getByRole('button', { name: 'Submit for Verification' }));

    await submit();
    expect(toast.error).toHaveBeenLastCalledWith('Please fill in all required fields, including selecting a valid location');
    expect(screen.getByText('Please fill in all required fields, including selecting a valid location')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Bio/), 'I inspect apartments.');
    await user.type(screen.getByLabelText(/^Areas of Expertise/), 'Apartments, , Cars');
    await submit();
    expect(toast.error).toHaveBeenLastCalledWith('Please fill in all required fields, including selecting a valid location');

    await user.click(screen.getByRole('button', { name: 'Pick Austin' }));
    await submit();
    expect(toast.error).toHaveBeenLastCalledWith('Please upload a verification document');

    await user.upload(screen.getByLabelText(/^Verification Document/), pdf());
    await submit();
    expect(toast.error).toHaveBeenLastCalledWith('You must accept the LPCA terms to proceed');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: /Accept Payment Processing Terms/ }));
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      bio: 'I inspect apartments.',
      expertise: 'Apartments, , Cars',
      location: { name: 'Austin', lat: 30.27, lng: -97.74 },
      termsAccepted: true,
    });
  });

  it('refuses a chosen document that is too large or of the wrong type', async () => {
    const { user } = renderForm();
    const input = screen.getByLabelText(/^Verification Document/) as HTMLInputElement;
    await user.upload(input, pdf(5 * 1024 * 1024 + 1));
    expect(toast.error).toHaveBeenLastCalledWith('File is too large. Maximum size is 5MB');
    expect(input.value).toBe('');
    // userEvent honours `accept`; a GIF would be filtered out, so apply it directly.
    await user.upload(input, new File(['x'], 'a.png', { type: 'image/png' }));
    expect(toast.error).toHaveBeenCalledTimes(1);
  });
});
