// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { expectFifteenPercentFee, renderWithQueries, stubFeeSetting } from '@web/test/fee-setting';
import type { MyExpertProfileDto } from '@shared/schemas/expert-onboarding.schemas';

import { PaymentsTab } from './payments-tab';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));
vi.mock('@web/lib/session', () => ({ useMe: () => ({ data: { user: { id: 'client-1' } } }) }));
vi.mock('@web/lib/runtime-config', () => ({ useRuntimeConfig: () => ({ data: { paymentProvider: 'local', publishableKey: null } }) }));

// The admin has set the fee to 15%: every text that states the fee or the share must say 15% / 85%.
stubFeeSetting(15);
const show = renderWithQueries;
const expectFifteen = expectFifteenPercentFee;

describe('fee texts after the admin sets the fee to 15%', () => {
  it("the profile's Payments tab, which also names the provider without a possessive of the brand", async () => {
    const expert = {
      is_verified: false,
      lpca_terms_accepted: true,
      payment_setup_state: 'not_started',
      stripe_account_status: null,
      status_text: 'Not connected',
    } as unknown as MyExpertProfileDto;
    const { container } = show(<PaymentsTab expert={expert} />);
    await expectFifteen(container);
    expect(container.textContent).not.toMatch(/'s card payment provider/);
  });
});
