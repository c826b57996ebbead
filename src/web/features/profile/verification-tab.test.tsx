// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyExpertProfileDto } from '@shared/schemas/expert-onboarding.schemas';
import { createMyExpertProfile } from '@web/test/builders';
import { VerificationTab } from './verification-tab';

vi.mock('./trust-badges-card', () => ({ TrustBadgesCard: () => <p>Trust badges card</p> }));

function expertOf(overrides: Partial<MyExpertProfileDto> = {}): MyExpertProfileDto {
  // Local noon, so the day is the same in every time zone.
  return createMyExpertProfile({
    lpca_terms_accepted_at: new Date(2026, 10, 27, 12, 0, 0).toISOString(),
    ...overrides,
  });
}

afterEach(() => cleanup());

describe('VerificationTab', () => {
  it('writes the day the payment terms were accepted as "Nov 27, 2026", like the rest of the product', () => {
    render(
      <MemoryRouter>
        <VerificationTab expert={expertOf()} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Accepted on Nov 27, 2026')).toBeInTheDocument();
  });

  it('shows the application status from verification_status whether or not a document is on file (demo experts have none)', () => {
    render(
      <MemoryRouter>
        <VerificationTab expert={expertOf({ document_path: null })} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('None on file')).toBeInTheDocument();
  });
});
