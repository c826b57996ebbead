import { Component, useLayoutEffect, type ErrorInfo, type ReactNode } from 'react';
import { removeStaticShell } from '@web/lib/landing-shell';
import { shellMessages } from '@shared/messages/shell';
import { Button } from '@web/components/ui/button';

/** The full-page fallback: the error text, an optional stack, Try Again, Reload Page and Go Home. */
export function ErrorFallbackView({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const text = error instanceof Error ? error.message : String(error ?? '');
  useLayoutEffect(removeStaticShell, []);
  const stack = error instanceof Error ? error.stack : undefined;
  return (
    <main role="alert" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{shellMessages.somethingWentWrong}</h1>
      {text ? <p className="text-muted-foreground">{text}</p> : null}
      {stack && import.meta.env.DEV ? (
        <details className="w-full text-left">
          <summary>Stack trace</summary>
          <pre className="mt-2 max-h-64 overflow-auto rounded bg-muted p-3 text-xs">{stack}</pre>
        </details>
      ) : null}
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => (onRetry ? onRetry() : window.location.reload())}>Try Again</Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
        <Button variant="ghost" onClick={() => window.location.assign('/')}>
          Go Home
        </Button>
      </div>
    </main>
  );
}

/**
 * Catches render errors below it (a failed page chunk among them); Try Again re-renders the children,
 * and a new `resetKey` (the app passes the pathname) clears the error, so leaving the page recovers.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    if (this.state.error) return <ErrorFallbackView error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
