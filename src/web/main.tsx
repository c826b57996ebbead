import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { warmUpRoute } from './app/route-warmup';
import { createQueryClient } from './lib/query-client';
import { adoptDocumentReads } from './lib/api';
import './styles/index.css';

// Zod's compiled parsers probe `new Function`, which the CSP forbids: the probe shows up as a CSP
// violation on every page that validates a form (Lighthouse best practices, issue 25). Zod reads
// its settings from this global when its first chunk loads (after this line: no zod in the entry),
// so turning the compiler off costs the entry nothing, unlike importing zod's config().
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

/**
 * The longest the first render waits for the opened page's code and first reads. The startup
 * splash shows meanwhile; a slower answer is rendered as it comes, as before decision 0390.
 */
const FIRST_RENDER_WAIT_MS = 3_000;

adoptDocumentReads();
const queryClient = createQueryClient();
// The opened page's code and data start now, beside the entry's own work (decision 0370), and
// the first render waits for them so that it renders the page once, with its data (decision 0390).
const ready = warmUpRoute(window.location.pathname, queryClient, window.location.search);
const waited = new Promise<void>((resolve) => window.setTimeout(resolve, FIRST_RENDER_WAIT_MS));

void Promise.race([ready.catch(() => undefined), waited]).then(() => {
  // A transition render yields to the browser every few milliseconds instead of one long task
  // (Lighthouse's total blocking time, decision 0370).
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
