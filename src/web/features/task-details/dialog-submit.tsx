import { useState } from 'react';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { ApiError } from '@web/lib/api';

/**
 * A dialog's send: a check in the browser first (its text, or null when fine), then the request;
 * the dialog closes on success and otherwise keeps the server's refusal beside the fields to fix.
 */
export function useDialogSubmit(options: { check: () => string | null; send: () => Promise<unknown>; close: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const problem = options.check();
    setError(problem);
    if (problem) return;
    try {
      await options.send();
      options.close();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  };
  return { error, setError, submit };
}

/** The refusal or the failed check, shown in the dialog (read out as it appears). */
export function DialogError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Alert variant="destructive">
      <AlertDescription>{error}</AlertDescription>
    </Alert>
  );
}
