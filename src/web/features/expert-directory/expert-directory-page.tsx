import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MapPin, Timer } from 'lucide-react';
import { expertDisplayName } from '@shared/domain/expert';
import { format } from '@shared/format-message';
import { countText } from '@shared/plural';
import { messages } from '@shared/messages';
import type { DirectoryExpertDto, DirectoryPageDto } from '@shared/schemas/directory.schemas';
import { InviteExpertButton } from '@web/components/invite-expert/invite-expert-button';
import { StarRating } from '@web/components/star-rating';
import { VerificationBadges } from '@web/components/verification-badges';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { PagedList } from '@web/components/page-pager';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { api, ApiError } from '@web/lib/api';
import { DirectoryFilters } from './directory-filters';
import { directoryQuery, readDirectoryState, writeDirectoryState, type DirectoryState } from './directory-params';

const invitationsText = messages.invitations;
const discoveryText = messages.discovery;

function Notice({ text, alert = false, children }: { text: string; alert?: boolean; children?: ReactNode }) {
  return (
    <Card>
      <CardContent className="space-y-2 py-6 text-center text-sm text-muted-foreground" role={alert ? 'alert' : undefined}>
        <p>{text}</p>
        {children}
      </CardContent>
    </Card>
  );
}

/** No expert near the place: the waitlist is the way forward, and /waitlist is where it is kept (issue 52). */
function NoExpertsHere() {
  return (
    <Notice text={invitationsText.noResults}>
      <p>
        {messages.firstUser.directoryWaitlistHint}{' '}
        <Link to="/waitlist" className="font-medium text-primary underline-offset-4 hover:underline">
          {messages.firstUser.seeWaitlist}
        </Link>
      </p>
    </Notice>
  );
}

const responseLabel = (mins: number) => (mins < 60 ? `${mins} min` : mins < 1440 ? `${Math.round(mins / 60)} h` : `${Math.round(mins / 1440)} d`);

function ExpertCard({ expert }: { expert: DirectoryExpertDto }) {
  const name = expertDisplayName(expert.first_name, null);
  return (
    <Card data-testid="directory-card">
      {/* The Card's own py-6 is the only vertical padding, so the space above and below is the same. */}
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Avatar src={expert.avatar_url} name={name} decorative className="size-14 text-lg" />
        <div className="min-w-0 flex-1 space-y-1.5">
          <h2 className="text-lg font-semibold">
            <Link to={`/expert/${expert.id}`} className="hover:underline">
              {name}
            </Link>
          </h2>
          <StarRating rating={expert.avg_rating} count={expert.review_count} />
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <li className="inline-flex items-center gap-1">
              <MapPin className="size-4" aria-hidden="true" />
              {expert.location ? `${expert.location} · ` : ''}
              {format(invitationsText.milesAway, { miles: expert.distance_miles })}
            </li>
            {expert.avg_response_time_mins !== null ? (
              <li className="inline-flex items-center gap-1">
                <Timer className="size-4" aria-hidden="true" />
                {format(invitationsText.responds, { label: responseLabel(expert.avg_response_time_mins) })}
              </li>
            ) : null}
          </ul>
          {expert.expertise.length > 0 ? (
            <ul className="flex flex-wrap gap-1" aria-label={invitationsText.expertiseLabel}>
              {expert.expertise.slice(0, 6).map((item) => (
                <li key={item}>
                  <Badge variant="secondary">{item}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
          <VerificationBadges badges={expert.badges} />
        </div>
        <div className="flex flex-wrap gap-2 sm:flex-col sm:items-stretch">
          <Button asChild variant="outline" size="sm">
            <Link to={`/expert/${expert.id}`} aria-label={`${invitationsText.viewProfile}: ${name}`}>
              {invitationsText.viewProfile}
            </Link>
          </Button>
          <InviteExpertButton expertId={expert.id} expertName={name} acceptsInvitations={expert.accepts_invitations} size="sm" />
        </div>
      </CardContent>
    </Card>
  );
}

/** /find-experts, "Find an expert" (issue 23): the client's directory near a place, filters in the address. */
export default function ExpertDirectoryPage() {
  const [params, setParams] = useSearchParams();
  const state = readDirectoryState(params);
  const go = (next: DirectoryState) => setParams(writeDirectoryState(next));
  const place = state.place;
  const query = place ? Object.fromEntries(directoryQuery({ ...state, place })) : null;
  const list = useQuery({
    queryKey: ['experts', 'directory', query],
    queryFn: () => api.get<DirectoryPageDto>('/api/search/experts', query ?? undefined),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  let body;
  if (!place) body = <Notice text={invitationsText.choosePlace} />;
  else if (list.isPending)
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={messages.shell.loading} />
      </div>
    );
  else if (list.isError) body = <Notice text={list.error instanceof ApiError ? list.error.message : invitationsText.loadFailed} alert />;
  else if (list.data.experts.length === 0) body = <NoExpertsHere />;
  else
    body = (
      <PagedList
        label={invitationsText.directoryTitle}
        items={list.data.experts}
        renderItem={(item) => <ExpertCard expert={item} />}
        page={state.page}
        pages={pages}
        onPage={(page) => go({ ...state, page })}
      />
    );

  return (
    <section className="space-y-4" aria-labelledby="directory-title">
      <div>
        <h1 id="directory-title" className="text-2xl font-semibold">
          {invitationsText.directoryTitle}
        </h1>
        <p className="text-sm text-muted-foreground">{invitationsText.directoryIntro}</p>
      </div>
      {/* Remounting the form when the address changes keeps it in step with back/forward navigation. */}
      <DirectoryFilters key={params.toString()} state={state} onApply={go} />
      {list.data && place ? (
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="directory-count">
          {countText(list.data.total, { one: invitationsText.resultCountOne, other: invitationsText.resultCount }, { miles: state.radius })}
          {place.label ? ` · ${format(discoveryText.nearPlace, { location: place.label })}` : null}
        </p>
      ) : null}
      {body}
    </section>
  );
}
