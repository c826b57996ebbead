import { BRAND_NAME } from '@shared/brand';
import { ruleText } from '@shared/domain/rule-texts';
import { polishMessages } from '@shared/messages/polish';

/**
 * The default Terms of Service and Privacy Policy, answered while system_settings holds none. They
 * are documents the server serves, not interface texts, so they live here rather than in
 * src/shared/messages.ts (which every page's JS carries).
 */
/** The default terms state the fee and the share in force (the admin setting), like every other fee text. */
export const defaultTerms = (feePercent?: number) =>
  [
    `By using ${BRAND_NAME} you agree to these terms.`,
    'Clients post tasks describing a remote inspection or verification. Verified local experts apply, and the client chooses one. Payment is authorized when an expert is assigned and captured only after the client confirms the evidence.',
    ruleText(polishMessages.termsFee, { platform_fee_percent: feePercent }),
    'Tasks must be remote services: photos, videos and written assessments. In-person services are not allowed. Be honest in task descriptions and evidence; accounts that abuse the service may be suspended.',
  ].join('\n\n');

export const DEFAULT_TERMS = defaultTerms();

export const DEFAULT_PRIVACY_POLICY = [
  'We collect what the service needs: your name, email address and, for experts, the service location, a verification document and payment-account details held by the card payment provider.',
  'Task locations are shared with experts so they can help you. The availability map shows only how many experts are near a city, never who they are or where exactly they live.',
  `Verification documents are private: only you and administrators can open them. Card details are handled by the card payment provider and never stored by ${BRAND_NAME}.`,
  'You can ask support to export or delete your data at any time.',
].join('\n\n');
