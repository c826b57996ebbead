/**
 * The native app's deep-link router (spec 000, payment-provider return handler; spec 002, native):
 * one pure function from an opened URL to the in-app path to show, or null to ignore it.
 *
 * - A link containing `stripe-return` or `from=stripe` goes to /stripe-return (its query kept, so the
 *   return page still sees success/refresh).
 * - /profile links with success=true or refresh=true get tab=payments.
 * - Other links to the product open their route.
 * - Anything else (another site, another scheme, the API, an unknown path) is ignored.
 */

export interface DeepLinkOrigins {
  /** The app's own URL schemes, without ":" (e.g. "remotexpert"). */
  schemes: readonly string[];
  /** Origins of the product's site (universal links / App Links), e.g. "https://app.example.com". */
  origins: readonly string[];
}

/** The SPA's routes (src/web/app/router.tsx); a link to anything else is not opened. */
const APP_ROUTES: readonly RegExp[] = [
  /^\/$/,
  /^\/auth$/,
  /^\/stripe-return$/,
  /^\/expert\/[^/]+$/,
  /^\/legal\/[^/]+$/,
  /^\/dashboard(\/.*)?$/,
  /^\/create-task$/,
  /^\/messages$/,
  /^\/task\/[^/]+(\/edit|\/messages)?$/,
  /^\/profile$/,
  /^\/expert-verification$/,
  /^\/admin(\/.*)?$/,
];

const STRIPE_RETURN_MARKERS = ['stripe-return', 'from=stripe'];

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The path a link points at inside the app, or null when the link is not the product's. */
function appPathOf(link: URL, known: DeepLinkOrigins): string | null {
  const scheme = link.protocol.replace(/:$/, '').toLowerCase();
  if (known.schemes.some((own) => own.toLowerCase() === scheme)) {
    // scheme://stripe-return?x and scheme:///profile?x both name an app path: the "host" is its first segment.
    const path = `/${link.host}${link.pathname}`.replace(/\/{2,}/g, '/');
    return path.length > 1 ? path.replace(/\/$/, '') : '/';
  }
  if (link.protocol !== 'https:' && link.protocol !== 'http:') return null;
  const origins = known.origins.map((origin) => parse(origin)?.origin).filter(Boolean);
  if (!origins.includes(link.origin)) return null;
  return link.pathname.length > 1 ? link.pathname.replace(/\/$/, '') : '/';
}

export function routeDeepLink(url: string, known: DeepLinkOrigins): string | null {
  if (typeof url !== 'string' || url.length > 4096) return null;
  const link = parse(url.trim());
  if (!link || link.username || link.password) return null;
  const path = appPathOf(link, known);
  if (path === null) return null;
  const search = new URLSearchParams(link.search);

  if (STRIPE_RETURN_MARKERS.some((marker) => url.includes(marker))) {
    const query = search.toString();
    return `/stripe-return${query ? `?${query}` : ''}`;
  }
  if (!APP_ROUTES.some((route) => route.test(path))) return null;
  if (path === '/profile' && (search.get('success') === 'true' || search.get('refresh') === 'true')) {
    search.set('tab', 'payments');
  }
  const query = search.toString();
  return `${path}${query ? `?${query}` : ''}${link.hash}`;
}

/** The task a tapped push notification is about: its data carries task_id (or taskId). */
export function pushTargetPath(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  const taskId = record.task_id ?? record.taskId;
  if (typeof taskId === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(taskId)) return `/task/${taskId}`;
  return null;
}
