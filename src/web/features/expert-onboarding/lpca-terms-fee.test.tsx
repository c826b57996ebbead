// @vitest-environment jsdom
import { describe, it, vi } from 'vitest';
import { expectFifteenPercentFee, renderWithQueries, stubFeeSetting } from '@web/test/fee-setting';

import { LpcaTerms } from './lpca-terms';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));
vi.mock('@web/lib/session', () => ({ useMe: () => ({ data: { user: { id: 'client-1' } } }) }));
vi.mock('@web/lib/runtime-config', () => ({ useRuntimeConfig: () => ({ data: { paymentProvider: 'local', publishableKey: null } }) }));

// The admin has set the fee to 15%: every text that states the fee or the share must say 15% / 85%.
stubFeeSetting(15);
const show = renderWithQueries;
const expectFifteen = expectFifteenPercentFee;

describe('fee texts after the admin sets the fee to 15%', () => {
  it("the expert's payment processing terms", async () => {
    const { container } = show(<LpcaTerms id="terms" />);
    await expectFifteen(container);
  });
});
