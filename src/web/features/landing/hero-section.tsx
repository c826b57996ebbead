import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_LOCATION, type LocationResult } from '@shared/domain/cities';
import { landingMessages } from '@shared/messages/landing';
import { LocationPicker } from '@web/components/location-picker';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { becomeExpertLink } from './become-expert-link';
import { HERO } from './landing-content';
import type { QuickTaskPlace } from './use-quick-task';

export const placeOf = (location: LocationResult): QuickTaskPlace => ({
  name: location.name,
  location: location.address || location.name,
  latitude: location.lat,
  longitude: location.lng,
});

/** The hero: the two calls to action and the quick-task location picker. */
export function HeroSection({
  signedIn,
  onQuickTask,
}: {
  signedIn: boolean;
  onQuickTask: (place: QuickTaskPlace) => void;
}) {
  const [location, setLocation] = useState<LocationResult>(DEFAULT_LOCATION);
  return (
    <section className="bg-gradient-to-b from-secondary/60 to-background">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 md:grid-cols-[1.1fr_1fr] md:py-20">
        <div className="space-y-6">
          <p className="text-sm font-medium uppercase tracking-wide text-info">{HERO.eyebrow}</p>
          <h1 className="text-4xl font-bold tracking-tight md:text-5xl">{HERO.title}</h1>
          <p className="max-w-xl text-lg text-muted-foreground">{HERO.text}</p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={signedIn ? '/dashboard' : '/auth'}>{landingMessages.getRealStory}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link {...becomeExpertLink(signedIn)}>{landingMessages.becomeExpert}</Link>
            </Button>
          </div>
        </div>
        <Card className="shadow-md">
          <CardHeader>
            <CardTitle asChild>
              <h2>{landingMessages.quickTaskTitle}</h2>
            </CardTitle>
            <CardDescription>{landingMessages.quickTaskText}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <LocationPicker value={location} onChange={setLocation} />
            <Button type="button" className="w-full" onClick={() => onQuickTask(placeOf(location))}>
              {landingMessages.quickTaskContinue}
            </Button>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
