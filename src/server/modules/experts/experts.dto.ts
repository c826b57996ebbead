import { expertStatusText, isBioEmpty, isVerified, paymentSetupState } from '@shared/domain/expert';
import type { MyExpertProfileDto } from '@shared/schemas/expert-onboarding.schemas';
import type { MyExpertRow } from './my-expert-read';

/** The authorized path of an expert's identity document; the storage key never leaves the server. */
export const documentPathOf = (expertId: string) => `/api/experts/${expertId}/document`;

/** Takes the full row too (after an application is saved): only the columns of MyExpertRow are read. */
export function toMyExpertProfileDto(row: MyExpertRow): MyExpertProfileDto {
  return {
    id: row.id,
    profile_id: row.profile_id,
    bio: row.bio,
    expertise: row.expertise,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    document_path: row.document_url ? documentPathOf(row.id) : null,
    verification_status: row.verification_status,
    stripe_account_id: row.stripe_account_id,
    stripe_onboarding_completed: row.stripe_onboarding_completed,
    stripe_account_status: row.stripe_account_status,
    lpca_terms_accepted: row.lpca_terms_accepted,
    lpca_terms_accepted_at: row.lpca_terms_accepted_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    is_verified: isVerified(row),
    status_text: expertStatusText(row),
    payment_setup_state: paymentSetupState(row),
    application_submitted: !isBioEmpty(row.bio) && row.expertise.length > 0,
  };
}
