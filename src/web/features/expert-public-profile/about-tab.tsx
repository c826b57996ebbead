import { format } from '@shared/format-message';
import { reliabilityMessages as reliabilityText } from '@shared/messages/reliability';
import { formatResponseTime, formatSuccessRate } from '@shared/domain/expert';
import { messages } from '@shared/messages';
import type { ExpertPublicProfileDto } from '@shared/schemas/expert-public.schemas';
import { VerificationBadges } from '@web/components/verification-badges';
import { ExpertBio } from '@web/components/expert-bio';
import { Badge } from '@web/components/ui/badge';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** About: expertise, bio, badges, average response time and success rate. */
export function AboutTab({ expert }: { expert: ExpertPublicProfileDto }) {
  return (
    <div className="space-y-6">
      <Section title="Expertise">
        {expert.expertise.length > 0 ? (
          <ul className="flex flex-wrap gap-1" aria-label="Expertise">
            {expert.expertise.map((item) => (
              <li key={item}>
                <Badge variant="outline">{item}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{messages.expert.noExpertise}</p>
        )}
      </Section>
      <Section title="About">
        <ExpertBio bio={expert.bio} />
      </Section>
      <Section title="Verification">
        {expert.badges.length > 0 ? (
          <VerificationBadges badges={expert.badges} detailed />
        ) : (
          <p className="text-sm text-muted-foreground">No verification badges yet</p>
        )}
      </Section>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border p-4">
          <dt className="text-xs text-muted-foreground">Average response time</dt>
          <dd className="text-lg font-semibold" data-testid="response-time">
            {formatResponseTime(expert.avg_response_time_mins)}
          </dd>
        </div>
        <div className="rounded-lg border p-4">
          <dt className="text-xs text-muted-foreground">Success rate</dt>
          <dd className="text-lg font-semibold" data-testid="success-rate">
            {formatSuccessRate(expert.success_rate)}
          </dd>
        </div>
        {/* Issue 50: only once there are five outcomes to speak of. */}
        {expert.completed_as_agreed ? (
          <div className="rounded-lg border p-4 sm:col-span-2">
            <dt className="text-xs text-muted-foreground">{reliabilityText.completedAsAgreedLabel}</dt>
            <dd className="text-sm font-medium" data-testid="completed-as-agreed">
              {format(reliabilityText.completedAsAgreed, {
                percent: expert.completed_as_agreed.percent,
                count: expert.completed_as_agreed.of,
              })}
            </dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
