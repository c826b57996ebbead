import { Link } from 'react-router';
import { landingMessages } from '@shared/messages/landing';
import { Logo } from '@web/app/shell/logo';
import { Button } from '@web/components/ui/button';

export function LandingHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="border-b bg-background/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 font-semibold">
          <Logo />
        </Link>
        <nav aria-label={landingMessages.accountNav} className="flex items-center gap-2">
          {signedIn ? (
            <Button asChild>
              <Link to="/dashboard">{landingMessages.dashboard}</Link>
            </Button>
          ) : (
            <>
              <Button asChild variant="ghost">
                <Link to="/auth">{landingMessages.logIn}</Link>
              </Button>
              <Button asChild>
                <Link to="/auth?mode=signup">{landingMessages.signUp}</Link>
              </Button>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
