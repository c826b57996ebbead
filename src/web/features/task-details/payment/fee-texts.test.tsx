// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { expectFifteenPercentFee, renderWithQueries, stubFeeSetting } from '@web/test/fee-setting';
import { PaymentDialog } from './payment-dialog';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));
vi.mock('@web/lib/session', () => ({ useMe: () => ({ data: { user: { id: 'client-1' } } }) }));
vi.mock('@web/lib/runtime-config', () => ({ useRuntimeConfig: () => ({ data: { paymentProvider: 'local', publishableKey: null } }) }));

// The admin has set the fee to 15%: every text that states the fee or the share must say 15% / 85%.
stubFeeSetting(15);
const show = renderWithQueries;
const expectFifteen = expectFifteenPercentFee;

describe('fee texts after the admin sets the fee to 15%', () => {
  it('the payment dialog: its sentence agrees with its table', async () => {
    show(<PaymentDialog taskId="t-1" open onOpenChange={() => undefined} amountCents={10_000} />);
    await expectFifteen(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(/keeps a 15% fee and the expert receives 85%/);
  });
});
