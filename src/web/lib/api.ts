import { FIRST_READS_ID } from '@shared/landing-shell';

/** The one HTTP client of the web app: JSON in and out, cookies for the session, errors as ApiError. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/**
 * Called when an API answer says 401 (the session expired, was signed out elsewhere, or the cookie is
 * gone). It returns true when it took over (a signed-in user lost the session: src/web/lib/session-lost.ts
 * clears the cached user and sends them to /auth); the request then never settles, so the screen that
 * asked shows no error of its own while the app leaves it. /api/me and the auth API answer 401 for a
 * visitor who is simply signed out: those stay plain errors.
 */
type UnauthorizedHandler = (path: string) => boolean;
let unauthorizedHandler: UnauthorizedHandler | null = null;

export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

const isSessionProbe = (path: string) => path.startsWith('/api/me') || path.startsWith('/api/auth/');

function takenOverAsSessionLost(status: number, path: string): boolean {
  return status === 401 && !isSessionProbe(path) && unauthorizedHandler !== null && unauthorizedHandler(path);
}

/**
 * Whether a 401 may have met a session that was replaced rather than lost: the request is worth one
 * more try when the session probe now answers. Turning on two-factor sign-in gives the user a new
 * session and deletes the old one (Better Auth's verify-totp), so a request sent with the old cookie
 * a moment before is refused while the browser already holds the new cookie. Without the probe that
 * 401 signed the user out and took away the backup codes, which are shown only once. A 401 means the
 * server refused before doing anything, so the one retry cannot do a change twice. The 401s that
 * arrive together share one probe.
 */
let sessionProbe: Promise<boolean> | null = null;
function worthRetryAfter401(status: number, path: string): Promise<boolean> {
  if (status !== 401 || isSessionProbe(path) || unauthorizedHandler === null) return Promise.resolve(false);
  sessionProbe ??= fetch('/api/me', { method: 'GET', credentials: 'same-origin' })
    .then(
      (response) => response.ok,
      () => false,
    )
    .finally(() => {
      sessionProbe = null;
    });
  return sessionProbe;
}

const never = <T>() => new Promise<T>(() => undefined);

type Query = Record<string, string | number | boolean | null | undefined>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function parseError(response: Response): Promise<ApiError> {
  let body: {
    error?: { code?: string; message?: string; fields?: Record<string, string> };
    message?: string;
    code?: string;
  } = {};
  try {
    body = await response.json();
  } catch {
    // A non-JSON failure (proxy, network): fall through to the generic text.
  }
  const error = body.error;
  return new ApiError(
    response.status,
    error?.code ?? body.code ?? 'error',
    error?.message ?? body.message ?? `Request failed (${response.status})`,
    error?.fields,
  );
}

/**
 * GET answers started before the page asked for them (src/web/app/route-warmup.ts, decision 0370):
 * the first GET of the same URL takes its answer instead of sending the request again. An answer is
 * only taken within EARLY_ANSWER_MS of its start and only once, so a later read always asks the server.
 */
const EARLY_ANSWER_MS = 10_000;
/** An early answer: a request on its way, or a body the server wrote into the document. */
type EarlyAnswer = { response: Promise<Response>; startedAt: number } | { body: unknown; startedAt: number };
const earlyAnswers = new Map<string, EarlyAnswer>();

/**
 * Takes the page's first reads from the document, when the server wrote them there: the first GET
 * of each URL then takes its body instead of asking the server. The element goes once read.
 */
export function adoptDocumentReads(doc: Document = document, navigation = currentNavigation()): void {
  const island = doc.getElementById(FIRST_READS_ID);
  if (!island) return;
  island.remove();
  // A back or forward navigation may take the document from the browser's cache without asking the
  // server (a page with an open socket is not kept whole in the back-forward cache): its reads are
  // then as old as the document. The page asks the server for them instead.
  if (navigation && (navigation.type === 'back_forward' || navigation.transferSize === 0)) return;
  let reads: unknown;
  try {
    reads = JSON.parse(island.textContent ?? '');
  } catch {
    return;
  }
  if (!reads || typeof reads !== 'object') return;
  const startedAt = Date.now();
  for (const [url, body] of Object.entries(reads))
    if (url.startsWith('/api/')) earlyAnswers.set(url, { body, startedAt });
}

/** How this document was loaded (Navigation Timing), where the browser says. */
function currentNavigation(): Pick<PerformanceNavigationTiming, 'type' | 'transferSize'> | undefined {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function')
    return undefined;
  return performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
}

const getRequest = (url: string) => fetch(url, { method: 'GET', credentials: 'same-origin' });

/** Starts a GET now, for the page that will ask for it once its code has loaded. */
export function startEarlyGet(path: string, query?: Query): void {
  const url = withQuery(path, query);
  if (earlyAnswers.has(url)) return;
  const response = getRequest(url);
  // Nobody may ever take it (the page changed its mind): a failure must not surface as unhandled.
  response.catch(() => undefined);
  earlyAnswers.set(url, { response, startedAt: Date.now() });
}

/** Drops the early answers nobody took (a test's fresh start). */
export function forgetEarlyAnswers(): void {
  earlyAnswers.clear();
}

/** The JSON of an early GET's answer, without taking it from the page that will ask (null when it failed). */
export function peekEarlyJson<T>(path: string): Promise<T | null> {
  const early = earlyAnswers.get(path);
  if (!early) return Promise.resolve(null);
  if ('body' in early) return Promise.resolve(early.body as T);
  return early.response.then(
    (response) => (response.ok ? (response.clone().json() as Promise<T>) : null),
    () => null,
  );
}

function takeEarlyAnswer(url: string): EarlyAnswer | undefined {
  const early = earlyAnswers.get(url);
  if (!early) return undefined;
  earlyAnswers.delete(url);
  return Date.now() - early.startedAt <= EARLY_ANSWER_MS ? early : undefined;
}

async function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const url = withQuery(path, query);
  const early = method === 'GET' ? takeEarlyAnswer(url) : undefined;
  if (early && 'body' in early) return early.body as T;
  const send = () =>
    fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined || isForm ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    });
  let response = await (early?.response ?? send());
  if (await worthRetryAfter401(response.status, path)) response = await send();
  if (takenOverAsSessionLost(response.status, path)) return never<T>();
  if (!response.ok) throw await parseError(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? response.json() : response.text()) as Promise<T>;
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** Multipart upload with progress (fetch has no upload progress; XHR does). */
  upload: <T>(path: string, form: FormData, onProgress?: (fraction: number) => void, method = 'POST') =>
    upload<T>(path, form, onProgress, method, false),
};

function upload<T>(
  path: string,
  form: FormData,
  onProgress: ((fraction: number) => void) | undefined,
  method: string,
  retried: boolean,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Network error'));
    xhr.onload = () => {
      const text = xhr.responseText;
      let body: unknown = undefined;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as T);
        return;
      }
      const settle = () => {
        if (takenOverAsSessionLost(xhr.status, path)) return;
        const error = (
          body as { error?: { code?: string; message?: string; fields?: Record<string, string> } }
        )?.error;
        reject(
          new ApiError(
            xhr.status,
            error?.code ?? 'error',
            error?.message ?? `Upload failed (${xhr.status})`,
            error?.fields,
          ),
        );
      };
      if (retried) return settle();
      void worthRetryAfter401(xhr.status, path).then((retry) => {
        if (retry) upload<T>(path, form, onProgress, method, true).then(resolve, reject);
        else settle();
      });
    };
    xhr.send(form);
  });
}

export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError || error instanceof Error ? error.message || fallback : fallback;
