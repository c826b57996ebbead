import { Link } from 'react-router';
import { landingMessages } from '@shared/messages/landing';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { CATEGORY_CARDS, HOW_IT_WORKS, SECTIONS } from './landing-content';
import { becomeExpertLink } from './become-expert-link';

export function CategoryCards() {
  return (
    <section aria-labelledby="categories-heading" className="space-y-6">
      <h2 id="categories-heading" className="text-2xl font-semibold tracking-tight md:text-3xl">
        {SECTIONS.categoriesTitle}
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {CATEGORY_CARDS.map(({ category, title, text, icon: Icon }) => (
          <li key={category}>
            <Card className="h-full" data-category={category}>
              <CardHeader>
                <Icon aria-hidden="true" className="size-8 text-info" />
                <CardTitle asChild>
                  <h3>{title}</h3>
                </CardTitle>
                <CardDescription>{text}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works-heading" className="space-y-6">
      <h2 id="how-it-works-heading" className="text-2xl font-semibold tracking-tight md:text-3xl">
        {SECTIONS.howItWorksTitle}
      </h2>
      <ol className="grid gap-4 md:grid-cols-3">
        {HOW_IT_WORKS.map(({ title, text }, index) => (
          <li key={title}>
            <Card className="h-full">
              <CardContent className="space-y-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
                  {index + 1}
                </span>
                <h3 className="text-lg font-semibold">{title}</h3>
                <p className="text-sm text-muted-foreground">{text}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ClosingCallToAction({ signedIn }: { signedIn: boolean }) {
  return (
    <section
      aria-labelledby="closing-heading"
      className="rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground"
    >
      <h2 id="closing-heading" className="text-2xl font-semibold md:text-3xl">
        {SECTIONS.closingTitle}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-primary-foreground/85">{SECTIONS.closingText}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg" variant="secondary">
          <Link to={signedIn ? '/dashboard' : '/auth'}>{landingMessages.getRealStory}</Link>
        </Button>
        <Button
          asChild
          size="lg"
          variant="outline"
          className="border-primary-foreground bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
        >
          <Link {...becomeExpertLink(signedIn)}>{landingMessages.becomeExpert}</Link>
        </Button>
      </div>
    </section>
  );
}
