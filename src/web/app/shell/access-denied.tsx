import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { adminMessages } from '@shared/messages/admin';
import { Button } from '@web/components/ui/button';

export function AccessDenied() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <ShieldAlert className="size-12 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">Access Denied</h1>
      <p className="text-muted-foreground">{adminMessages.accessDenied}</p>
      <Button asChild>
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
    </main>
  );
}
