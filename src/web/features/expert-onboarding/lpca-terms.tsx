import { BRAND_NAME } from '@shared/brand';
import { format } from '@shared/format-message';
import { polishMessages } from '@shared/messages/polish';
import { useFeeShare } from '@web/lib/fee-share';

/** The payment processing terms the expert accepts (the limited payment-collection agent role, spec 000 section 1). */
export function LpcaTerms({ id }: { id: string }) {
  const fee = useFeeShare();
  return (
    <div
      id={id}
      tabIndex={0}
      role="region"
      aria-label="Payment Processing Terms"
      className="max-h-40 space-y-2 overflow-y-auto rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground"
    >
      <p>{format(polishMessages.lpcaFee, fee)}</p>
      <p>
        A client&apos;s payment to {BRAND_NAME} counts as payment to you. {BRAND_NAME} holds funds only as long as this
        role requires and never for any other purpose.
      </p>
      <p>
        To receive payments you complete the payment provider&apos;s account setup, which verifies your identity and your
        bank details.
      </p>
    </div>
  );
}
