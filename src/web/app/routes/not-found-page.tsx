import { Link } from 'react-router';
import { messages } from '@shared/messages';

export function NotFoundPage() {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-4xl font-bold">404</h1>
      <p className="text-xl text-muted-foreground">{messages.shell.notFound}</p>
      <Link to="/" className="text-primary underline underline-offset-4">
        Return to Home
      </Link>
    </main>
  );
}
