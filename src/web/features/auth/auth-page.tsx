import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ArrowLeft, CircleAlert, MapPin } from 'lucide-react';
import { messages } from '@shared/messages';
import { SESSION } from '@shared/constants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Logo } from '@web/app/shell/logo';
import { ApiError } from '@web/lib/api';
import { meQueryKey } from '@web/lib/session';
import { rememberDestination } from '@web/lib/post-auth-destination';
import { signIn, signUp } from './auth-api';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { TwoFactorStep } from './two-factor-step';

type Mode = 'login' | 'signup' | 'forgot';

/** One form that toggles between login and sign-up (spec 000 section 2, Auth screen). */
export default function AuthPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'signup' ? 'signup' : 'login');
  const [notice, setNotice] = useState<string | null>(null);
  // A refusal shows once, inline and styled as an error, and goes away with the form it answered.
  const [errorText, setErrorText] = useState<string | null>(null);
  const [loginEmail, setLoginEmail] = useState('');
  const [codeStep, setCodeStep] = useState(false);
  // Right after sign-up, or back from the confirmation link, the user has never logged in: not "Welcome back".
  const [justSignedUp, setJustSignedUp] = useState(false);
  const newAccount = mode === 'login' && (justSignedUp || params.get('confirmed') === 'true');
  const fromQuickTask = params.get('quickTask') === 'true';
  const quickTaskLocation = params.get('location');

  const changeMode = (next: Mode) => {
    setNotice(null);
    setErrorText(null);
    setJustSignedUp(false);
    setMode(next);
  };

  const signedIn = async () => {
    toast.success(messages.auth.signedIn, { duration: SESSION.signInToastMs });
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  };

  const handleSignIn = async (values: { email: string; password: string }) => {
    setErrorText(null);
    try {
      if ((await signIn(values)) === 'two_factor') {
        setNotice(null);
        setCodeStep(true);
        return;
      }
      await signedIn();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        setNotice(messages.auth.emailNotConfirmed);
        return;
      }
      if (error instanceof ApiError && error.code === 'ACCOUNT_SUSPENDED') {
        setNotice(null);
        setErrorText(messages.accountControl.accountSuspended);
        return;
      }
      setNotice(null);
      setErrorText(messages.auth.invalidCredentials);
    }
  };

  const handleSignUp = async (values: {
    first_name: string;
    last_name: string;
    email: string;
    password: string;
    confirm_password: string;
  }) => {
    setErrorText(null);
    try {
      const outcome = await signUp(values);
      if (outcome === 'already_registered') {
        changeMode('login');
        setNotice(messages.auth.emailAlreadyRegistered);
        setLoginEmail(values.email);
        return;
      }
      // The email confirmation link signs the user in on a fresh page load: keep where they were going.
      const from = (location.state as { from?: unknown } | null)?.from;
      if (typeof from === 'string') rememberDestination(from);
      changeMode('login');
      setJustSignedUp(true);
      setNotice(messages.auth.accountCreated);
      setLoginEmail(values.email);
    } catch (error) {
      setErrorText(error instanceof Error ? error.message : messages.auth.requiredFields);
    }
  };

  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="border-b bg-background/95">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Link to="/" className="flex items-center gap-2 font-semibold">
            <Logo />
          </Link>
          <Button asChild variant="ghost" size="sm">
            <Link to="/">
              <ArrowLeft aria-hidden="true" />
              Back to home
            </Link>
          </Button>
        </div>
      </header>
      <main className="flex flex-1 items-center justify-center p-4">
        <Card className="w-full max-w-md">
          <CardHeader>
            <CardTitle>
              <h1>
                {newAccount ? messages.firstUser.newAccountTitle : mode === 'login' ? 'Welcome back' : mode === 'forgot' ? messages.accountMail.forgotPasswordTitle : 'Create your account'}
              </h1>
            </CardTitle>
            {/* The reset mode has no subtitle: its form opens with its own intro. */}
            {mode === 'forgot' ? null : (
              <CardDescription>
                {newAccount ? messages.firstUser.newAccountSubtitle : mode === 'login' ? 'Log in to manage your tasks.' : 'Sign up to post tasks or work as a local expert.'}
              </CardDescription>
            )}
          </CardHeader>
          <CardContent className="space-y-4">
            {fromQuickTask ? (
              <Alert>
                <MapPin aria-hidden="true" />
                <AlertDescription>
                  {messages.auth.quickTaskBanner}
                  {quickTaskLocation ? ` Location: ${quickTaskLocation}.` : ''}
                </AlertDescription>
              </Alert>
            ) : null}
            {params.get('reset') === 'done' && !notice && !errorText ? (
              <Alert role="status">
                <AlertDescription>{messages.accountMail.passwordResetDone}</AlertDescription>
              </Alert>
            ) : null}
            {params.get('confirmed') === 'true' && !notice && !errorText ? (
              <Alert>
                <AlertDescription>Your email address is confirmed. You can log in now.</AlertDescription>
              </Alert>
            ) : null}
            {notice ? (
              <Alert role="status">
                <AlertDescription>{notice}</AlertDescription>
              </Alert>
            ) : null}
            {errorText ? (
              <Alert variant="destructive">
                <CircleAlert aria-hidden="true" />
                <AlertDescription>{errorText}</AlertDescription>
              </Alert>
            ) : null}
            {mode === 'login' && codeStep ? (
              <TwoFactorStep onSignedIn={signedIn} onRestart={() => setCodeStep(false)} />
            ) : mode === 'forgot' ? (
              <ForgotPasswordForm defaultEmail={loginEmail} onBack={() => changeMode('login')} />
            ) : mode === 'login' ? (
              <>
                <SignInForm key={loginEmail} defaultEmail={loginEmail} onSubmit={handleSignIn} />
                <div className="text-right">
                  <Button
                    variant="link"
                    className="h-auto p-0 text-sm"
                    onClick={() => changeMode('forgot')}
                  >
                    {messages.accountMail.forgotPasswordLink}
                  </Button>
                </div>
              </>
            ) : (
              <SignUpForm onSubmit={handleSignUp} />
            )}
            {mode === 'forgot' ? null : <p className="text-center text-sm text-muted-foreground">
              {mode === 'login' ? "Don't have an account?" : 'Already have an account?'}{' '}
              <Button
                variant="link"
                className="h-auto p-0"
                onClick={() => changeMode(mode === 'login' ? 'signup' : 'login')}
              >
                {mode === 'login' ? 'Sign up' : 'Log in'}
              </Button>
            </p>}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
