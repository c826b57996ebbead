import { VERIFICATION } from '@shared/constants';
import type { VerificationLevel } from '@shared/domain/enums';
import { messages } from '@shared/messages';
import type { VerificationBadgeDto } from '@shared/schemas/expert-public.schemas';
import type {
  BackgroundCheckState,
  VerificationProgressDto,
  VerificationStatusDto,
} from '@shared/schemas/verification.schemas';

const verificationText = messages.verification;

const BADGE_TEXT: Record<VerificationLevel, { name: string; description: string }> = {
  community_trust: { name: verificationText.communityTrustName, description: verificationText.communityTrustDescription },
  background_check: { name: verificationText.backgroundCheckName, description: verificationText.backgroundCheckDescription },
};

/** Both levels with their verified flag, community trust first. */
export function badgesOf(facts: { communityTrusted: boolean; backgroundVerified: boolean }): VerificationBadgeDto[] {
  return [
    { level: 'community_trust', ...BADGE_TEXT.community_trust, verified: facts.communityTrusted },
    { level: 'background_check', ...BADGE_TEXT.background_check, verified: facts.backgroundVerified },
  ];
}

/** The badges an expert holds, for public display. */
export function earnedBadges(facts: { communityTrusted: boolean; backgroundVerified: boolean }): VerificationBadgeDto[] {
  return badgesOf(facts).filter((badge) => badge.verified);
}

export function progressOf(badges: VerificationBadgeDto[]): VerificationProgressDto {
  const total = badges.length || VERIFICATION.progressTotalDefault;
  const completed = badges.filter((badge) => badge.verified).length;
  return { percentage: Math.round((completed / total) * 100), completed, total };
}

export function statusDto(input: {
  expertId: string;
  communityTrustedAt: Date | null;
  backgroundVerifiedAt: Date | null;
  positiveReviewCount: number;
  backgroundCheck: BackgroundCheckState;
}): VerificationStatusDto {
  const communityTrusted = input.communityTrustedAt !== null;
  const backgroundVerified = input.backgroundVerifiedAt !== null;
  return {
    expert_id: input.expertId,
    badges: badgesOf({ communityTrusted, backgroundVerified }),
    community_trusted: communityTrusted,
    community_trusted_at: input.communityTrustedAt?.toISOString() ?? null,
    background_verified: backgroundVerified,
    background_verified_at: input.backgroundVerifiedAt?.toISOString() ?? null,
    positive_review_count: input.positiveReviewCount,
    background_check: input.backgroundCheck,
  };
}
