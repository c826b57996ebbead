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
  let body: { error?: { code?: string; message?: string; fields?: Record<string, string> }; message?: string; code?: string } = {};
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

async function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const response = await fetch(withQuery(path, query), {
    method,
    credentials: 'same-origin',
    headers: body === undefined || isForm ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
  });
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
  upload<T>(path: string, form: FormData, onProgress?: (fraction: number) => void, method = 'POST'): Promise<T> {
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
        if (takenOverAsSessionLost(xhr.status, path)) return;
        const error = (body as { error?: { code?: string; message?: string; fields?: Record<string, string> } })?.error;
        reject(new ApiError(xhr.status, error?.code ?? 'error', error?.message ?? `Upload failed (${xhr.status})`, error?.fields));
      };
      xhr.send(form);
    });
  },
};

export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError || error instanceof Error ? error.message || fallback : fallback;
