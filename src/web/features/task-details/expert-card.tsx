import { Link } from 'react-router';
import {
  expertDisplayName,
  formatResponseTime,
  formatSuccessRate,
} from '@shared/domain/expert';
import { messages } from '@shared/messages';
import type { TaskExpertDto } from '@shared/schemas/task-api';
import { StarRating } from '@web/components/task';
import { badgesFromFlags, VerificationBadges } from '@web/components/verification-badges';
import { ExpertBio } from '@web/components/expert-bio';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatMonthYear } from './format';

const detailsText = messages.taskPages.details;

/** Name, rating, bio, expertise, member since, response time and success rate, with a link to the public profile. */
export function ExpertSummary({
  expert,
  headingLevel = 3,
}: {
  expert: TaskExpertDto;
  headingLevel?: 2 | 3 | 4;
}) {
  const name = expertDisplayName(expert.profile.first_name, expert.profile.last_name);
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <Avatar src={expert.profile.avatar_url} name={name} decorative />
        <div className="min-w-0">
          <Heading className="font-medium">{name}</Heading>
          <StarRating rating={expert.avg_rating} expertId={expert.id} />
        </div>
      </div>
      <VerificationBadges badges={badgesFromFlags(expert)} />
      <ExpertBio bio={expert.bio} />
      <div className="space-y-1">
        <p className="text-xs font-medium text-muted-foreground">{detailsText.expertise}</p>
        {expert.expertise.length > 0 ? (
          <ul className="flex flex-wrap gap-1" aria-label={detailsText.expertise}>
            {expert.expertise.map((item) => (
              <li key={item}>
                <Badge variant="outline">{item}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{messages.expert.noExpertise}</p>
        )}
      </div>
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(8rem,1fr))] gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">{detailsText.memberSince}</dt>
          <dd>{formatMonthYear(expert.profile.created_at ?? expert.created_at) ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{detailsText.responseTime}</dt>
          <dd>{formatResponseTime(expert.avg_response_time_mins)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{detailsText.successRate}</dt>
          <dd>{formatSuccessRate(expert.success_rate)}</dd>
        </div>
      </dl>
      <Link to={`/expert/${expert.id}`} className="text-sm text-primary underline-offset-4 hover:underline">
        {detailsText.viewProfile}
        <span className="sr-only">: {name}</span>
      </Link>
    </div>
  );
}

/** The expert working on the task. */
export function ExpertCard({ expert }: { expert: TaskExpertDto }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{detailsText.expertTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ExpertSummary expert={expert} />
      </CardContent>
    </Card>
  );
}
