import { useEffect, useState, useSyncExternalStore } from 'react';
import { Bug } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { ERROR_LOG_SHOWN, errorLog, recentSubscriptionErrors } from './error-log';

/** Top-right widget in dev mode only: counts captured console errors, with a Clear action. */
export function DevErrorMonitor() {
  const entries = useSyncExternalStore(errorLog.subscribe, errorLog.entries);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const original = console.error;
    console.error = (...args: unknown[]) => {
      errorLog.add(args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' '));
      original(...args);
    };
    return () => {
      console.error = original;
    };
  }, []);

  if (entries.length === 0) return null;
  const subscriptionErrors = recentSubscriptionErrors(entries);
  return (
    <aside aria-label="Developer error monitor" className="fixed right-2 top-16 z-50 max-w-sm text-sm">
      <Button variant="destructive" size="sm" onClick={() => setOpen((value) => !value)} aria-expanded={open}>
        <Bug aria-hidden="true" /> {entries.length} errors
        {subscriptionErrors > 0 ? ` (${subscriptionErrors} subscription)` : ''}
      </Button>
      {open ? (
        <div className="mt-2 max-h-80 overflow-auto rounded-md border bg-background p-2 shadow-lg">
          <ul className="space-y-1">
            {entries.slice(-ERROR_LOG_SHOWN).map((entry, index) => (
              <li key={`${entry.at}-${index}`} className="break-words border-b pb-1 font-mono text-xs">
                {new Date(entry.at).toLocaleTimeString()} {entry.text}
              </li>
            ))}
          </ul>
          <Button className="mt-2" size="sm" variant="outline" onClick={() => errorLog.clear()}>
            Clear
          </Button>
        </div>
      ) : null}
    </aside>
  );
}
