import { BRAND_NAME } from '@shared/brand';
import { polishMessages } from '@shared/messages/polish';
import { useRuleText } from '@web/lib/rule-texts';

/** The payment processing terms the expert accepts (the limited payment-collection agent role, spec 000 section 1). */
export function LpcaTerms({ id }: { id: string }) {
  const ruleText = useRuleText();
  return (
    <div
      id={id}
      tabIndex={0}
      role="region"
      aria-label="Payment Processing Terms"
      className="max-h-40 space-y-2 overflow-y-auto rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground"
    >
      <p>{ruleText(polishMessages.lpcaFee)}</p>
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
