import { useState } from 'react';
import { BadgeCheck, ShieldCheck } from 'lucide-react';
import { visibleBadges } from '@shared/domain/expert';
import type { VerificationBadgeDto } from '@shared/schemas/expert-public.schemas';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/components/ui/cn';
import { verificationMessages as verificationText } from '@shared/messages/verification';

const ICONS = { community_trust: BadgeCheck, background_check: ShieldCheck } as const;

export interface VerificationBadgesProps {
  badges: Pick<VerificationBadgeDto, 'level' | 'name' | 'description'>[];
  /** Show the descriptions under the names (the profile's About tab). */
  detailed?: boolean;
  className?: string;
}

/**
 * The trust badges an expert holds (shared by the public profile, application cards and the expert
 * card): 3 shown, then a '+N more' button that shows the rest. Renders nothing without badges.
 */
export function VerificationBadges({ badges, detailed = false, className }: VerificationBadgesProps) {
  const [expanded, setExpanded] = useState(false);
  if (badges.length === 0) return null;
  const { shown, moreText } = visibleBadges(badges);
  const list = expanded ? badges : shown;
  return (
    <ul className={cn('flex flex-wrap items-start gap-2', detailed && 'flex-col', className)} aria-label="Verification badges">
      {list.map((badge) => {
        const Icon = ICONS[badge.level] ?? BadgeCheck;
        return (
          <li key={badge.level} className={cn(detailed && 'flex flex-col gap-0.5')}>
            <Badge variant="success" title={badge.description}>
              <Icon aria-hidden="true" />
              {badge.name}
            </Badge>
            {detailed ? <span className="text-xs text-muted-foreground">{badge.description}</span> : null}
          </li>
        );
      })}
      {moreText && !expanded ? (
        <li>
          <button
            type="button"
            className="rounded-md px-1 text-xs font-medium text-primary underline-offset-4 hover:underline"
            onClick={() => setExpanded(true)}
          >
            {moreText}
          </button>
        </li>
      ) : null}
    </ul>
  );
}

/** The badges of an expert from the two flags the task and application DTOs carry. */
export function badgesFromFlags(flags: { community_trusted?: boolean; background_verified?: boolean }) {
  const badges: VerificationBadgesProps['badges'] = [];
  if (flags.community_trusted) {
    badges.push({ level: 'community_trust', name: verificationText.communityTrustName, description: verificationText.communityTrustDescription });
  }
  if (flags.background_verified) {
    badges.push({ level: 'background_check', name: verificationText.backgroundCheckName, description: verificationText.backgroundCheckDescription });
  }
  return badges;
}
