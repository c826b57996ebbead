import { useLayoutEffect } from 'react';
import type { MapLocationDto } from '@shared/schemas/geo.schemas';
import { removeStaticShell } from '@web/lib/landing-shell';
import { useMe } from '@web/lib/session';
import { DeferredMapSection } from './deferred-map-section';
import { HeroSection } from './hero-section';
import { CategoryCards, ClosingCallToAction, HowItWorks } from './info-sections';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { useStartQuickTask } from './use-quick-task';

const placeOfMapLocation = (location: MapLocationDto) => ({
  name: location.name,
  location: [location.name, location.region, location.country]
    .filter((part) => part && part !== '')
    .join(', '),
  latitude: location.latitude,
  longitude: location.longitude,
});

/** The public landing page (spec 000 section 2, Landing page). */
export default function LandingPage() {
  // The static hero that index.html painted before the JavaScript ran (scripts/build/landing-shell.ts).
  // Removed before the browser paints the React page, which takes its place without a shift.
  useLayoutEffect(removeStaticShell, []);
  const { data: me } = useMe();
  const signedIn = Boolean(me);
  const startQuickTask = useStartQuickTask();
  return (
    <div className="flex min-h-screen flex-col">
      <LandingHeader signedIn={signedIn} />
      <main className="flex-1">
        <HeroSection signedIn={signedIn} onQuickTask={startQuickTask} />
        <div className="mx-auto max-w-6xl space-y-16 px-4 py-12 md:py-16">
          <DeferredMapSection onChoose={(location) => startQuickTask(placeOfMapLocation(location))} />
          <CategoryCards />
          <HowItWorks />
          <ClosingCallToAction signedIn={signedIn} />
        </div>
      </main>
      <LandingFooter />
    </div>
  );
}
