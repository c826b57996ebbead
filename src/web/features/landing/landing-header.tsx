import { Link } from 'react-router';
import { messages } from '@shared/messages';
import { Logo } from '@web/app/shell/logo';
import { Button } from '@web/components/ui/button';

export function LandingHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="border-b bg-background/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 font-semibold">
          <Logo />
        </Link>
        <nav aria-label={messages.landing.accountNav} className="flex items-center gap-2">
          {signedIn ? (
            <Button asChild>
              <Link to="/dashboard">{messages.landing.dashboard}</Link>
            </Button>
          ) : (
            <>
              <Button asChild variant="ghost">
                <Link to="/auth">{messages.landing.logIn}</Link>
              </Button>
              <Button asChild>
                <Link to="/auth?mode=signup">{messages.landing.signUp}</Link>
              </Button>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
