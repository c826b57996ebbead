import { z } from 'zod';
import { parseExpertise, type PaymentSetupState } from '../domain/expert';
import { messages } from '../messages';
import type { StripeAccountStatus, VerificationStatus } from '../domain/enums';

export const EXPERT_APPLICATION_LIMITS = {
  bioMax: 5_000,
  expertiseMaxEntries: 20,
  expertiseEntryMax: 100,
  locationMax: 300,
} as const;

const required = messages.expert.requiredFields;
const coordinate = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
    z
      .number({ error: required })
      .finite({ error: required })
      .min(min, { error: required })
      .max(max, { error: required }),
  );

/**
 * The text fields of the Become a Local Expert form (multipart on the wire, so everything arrives as
 * text): bio, comma-separated expertise (split, trimmed, empty entries dropped), and a location with
 * coordinates. Every missing piece gives the spec's one text. The document and the terms are checked
 * apart from these, each with its own text.
 */
export const expertApplicationFieldsSchema = z.object({
  bio: z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(EXPERT_APPLICATION_LIMITS.bioMax, { error: messages.expert.bioTooLong }),
  expertise: z
    .string({ error: required })
    .transform(parseExpertise)
    .pipe(
      z
        .array(
          z
            .string()
            .max(EXPERT_APPLICATION_LIMITS.expertiseEntryMax, { error: messages.expert.expertiseTooLong }),
        )
        .min(1, { error: required })
        .max(EXPERT_APPLICATION_LIMITS.expertiseMaxEntries, { error: messages.expert.expertiseTooLong }),
    ),
  location: z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(EXPERT_APPLICATION_LIMITS.locationMax, { error: required }),
  latitude: coordinate(-90, 90),
  longitude: coordinate(-180, 180),
});
export type ExpertApplicationFields = z.infer<typeof expertApplicationFieldsSchema>;

/** A checkbox value as sent by a form: only an explicit yes counts as accepted. */
export const isTermsAccepted = (value: unknown) => value === 'true' || value === 'on' || value === true;

/** The caller's own expert profile (GET /api/experts/me), with the payment fields and derived flags. */
export interface MyExpertProfileDto {
  id: string;
  profile_id: string;
  bio: string;
  expertise: string[];
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Identity documents are private: this is the authorized API path, never a public URL. */
  document_path: string | null;
  verification_status: VerificationStatus;
  stripe_account_id: string | null;
  stripe_onboarding_completed: boolean;
  stripe_account_status: StripeAccountStatus;
  lpca_terms_accepted: boolean;
  lpca_terms_accepted_at: string | null;
  created_at: string;
  updated_at: string;
  /** Derived: onboarding completed and account active. */
  is_verified: boolean;
  /** Derived: the spec's status text. */
  status_text: string;
  /** Derived: not started / incomplete / complete (active or under review). */
  payment_setup_state: PaymentSetupState;
  /** Derived: bio (not the placeholder) and at least one area of expertise are saved. */
  application_submitted: boolean;
}

/** GET /api/experts/me: `expert` is null for a user without an expert profile. */
export interface MyExpertProfileResponse {
  expert: MyExpertProfileDto | null;
}

/** POST /api/experts/application answer. */
export interface ExpertApplicationResponse {
  expert: MyExpertProfileDto;
}

/** Where onboarding was started: the native app opens the link in an in-app browser tab. */
export const paymentSetupRequestSchema = z.object({
  platform: z.enum(['web', 'mobile']).default('web'),
});
export type PaymentSetupRequest = z.infer<typeof paymentSetupRequestSchema>;

/** POST /api/payment-setup/account and /refresh-link answer. */
export interface PaymentSetupLinkResponse {
  success: true;
  onboardingUrl: string;
  expiresAt: string;
}

/** POST /api/payment-setup/verify answer. */
export interface PaymentSetupVerifyResponse {
  success: true;
  expert: MyExpertProfileDto;
}

/** POST /api/me/avatar answer. */
export interface AvatarUploadResponse {
  avatar_url: string;
}
