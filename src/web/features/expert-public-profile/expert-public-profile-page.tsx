import { countText } from '@shared/plural';
import { Link, useParams } from 'react-router';
import { useNavigate } from '@web/lib/navigation';
import { format as formatDate } from 'date-fns';
import { ArrowLeft, CheckCircle2, Home, MapPin } from 'lucide-react';
import { expertDisplayName } from '@shared/domain/expert';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { messages } from '@shared/messages';
import { LogoHeader } from '@web/app/shell/logo-header';
import { InviteExpertButton } from '@web/components/invite-expert/invite-expert-button';
import { StarRating } from '@web/components/star-rating';
import { VerificationBadges } from '@web/components/verification-badges';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { AboutTab } from './about-tab';
import { usePublicProfile } from './expert-profile-api';
import { ReviewsTab } from './reviews-tab';

const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** The screen's own bar (spec 001: Back, the title, Home), inside the page under the site header. */
function TitleBar() {
  const navigate = useNavigate();
  return (
    <div className="flex items-center gap-2">
      <Button variant="ghost" size="sm" onClick={() => (canGoBack() ? navigate(-1) : navigate('/'))}>
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
      <h1 className="flex-1 text-center text-xl font-semibold">Expert Profile</h1>
      <Button asChild variant="ghost" size="sm">
        <Link to="/">
          <Home aria-hidden="true" />
          Home
        </Link>
      </Button>
    </div>
  );
}

function NotFound() {
  return (
    <Card className="mx-auto max-w-md text-center">
      <CardContent className="space-y-4">
        <h2 className="text-xl font-semibold">{messages.expert.notFoundTitle}</h2>
        <p className="text-muted-foreground">{messages.expert.notFoundText}</p>
        <Button asChild>
          <Link to="/dashboard">Return to Dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** /expert/{expertId} (spec 001, Expert Profile screen): public, no sign-in needed. */
export default function ExpertPublicProfilePage() {
  const { expertId = '' } = useParams();
  const profile = usePublicProfile(expertId);
  useDocumentTitle(profile.data ? expertDisplayName(profile.data.first_name, profile.data.last_name) : undefined);

  let body;
  if (profile.isPending) {
    body = (
      <div className="flex min-h-[30vh] items-center justify-center">
        <Spinner size="lg" label="Loading the expert profile" />
      </div>
    );
  } else if (profile.isError || !profile.data) {
    body = <NotFound />;
  } else {
    const expert = profile.data;
    const name = expertDisplayName(expert.first_name, expert.last_name);
    body = (
      <div className="space-y-6">
        <Card>
          <CardContent className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">
            <Avatar src={expert.avatar_url} name={name} decorative className="size-20 text-2xl" />
            <div className="min-w-0 flex-1 space-y-2">
              <h2 className="text-2xl font-semibold">{name}</h2>
              <StarRating rating={expert.avg_rating} count={expert.review_count} size="md" />
              <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-muted-foreground sm:justify-start">
                <li>Member since {formatDate(new Date(expert.member_since), 'MMMM yyyy')}</li>
                {expert.location ? (
                  <li className="inline-flex items-center gap-1">
                    <MapPin className="size-4" aria-hidden="true" />
                    {expert.location}
                  </li>
                ) : null}
                <li className="inline-flex items-center gap-1" data-testid="completed-tasks">
                  <CheckCircle2 className="size-4" aria-hidden="true" />
                  {countText(expert.completed_tasks, { one: messages.expert.tasksCompletedOne, other: messages.expert.tasksCompleted })}
                </li>
              </ul>
              <VerificationBadges badges={expert.badges} className="justify-center sm:justify-start" />
              <div className="pt-1">
                <InviteExpertButton expertId={expert.id} expertName={name} />
              </div>
            </div>
          </CardContent>
        </Card>
        <Tabs defaultValue="about">
          <TabsList aria-label="Expert profile sections">
            <TabsTrigger value="about">About</TabsTrigger>
            <TabsTrigger value="reviews">Reviews</TabsTrigger>
          </TabsList>
          <TabsContent value="about">
            <Card>
              <CardContent>
                <AboutTab expert={expert} />
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="reviews">
            <Card>
              <CardContent>
                <ReviewsTab expertId={expert.id} reviewCount={expert.review_count} />
              </CardContent>
            </Card>
          </TabsContent>
        </Tabs>
      </div>
    );
  }

  // A site header like the other public pages, and one main landmark with room at the sides on phones.
  return (
    <div className="flex min-h-screen flex-col bg-muted/30">
      <LogoHeader width="max-w-3xl" className="bg-background" compact />
      <main className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 py-6">
        <TitleBar />
        {body}
      </main>
    </div>
  );
}
