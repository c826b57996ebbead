import type { SessionUser } from '../http/context';

/**
 * How long a session read stays in this process's memory while the change bus is not known to be
 * live: the bound on how late a revocation made elsewhere (another instance, an admin deleting
 * sessions in the database) is noticed then. A sign-out or any other auth call through this
 * instance forgets the caller's entries at once. See docs/decisions/0100-session-cache.md.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/**
 * How long an entry lives while the bus is live (decision 0100's addendum, issue 55): a deleted
 * session or a changed account is then heard as an event at once, so the TTL only bounds an event
 * lost without the bus noticing. Every signed-in user re-read every 5 s cost the load test's mix a
 * sixth of its queries.
 */
export const SESSION_CACHE_LIVE_TTL_MS = 60_000;
/** Entries kept at most; the least recently used goes first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

export interface CachedSession {
  user: SessionUser;
  session: { id: string; expiresAt: Date };
  /**
   * An admin whose account had no two-factor sign-in when the session was read (issue 53): the one
   * role fact kept with the session, so that the two-factor gate costs other users nothing.
   */
  adminWithoutTwoFactor?: boolean;
}

interface Entry {
  value: CachedSession;
  storedAt: number;
}

/** The session cookie's value (token.signature), whatever prefix the cookie name carries. */
export function sessionTokenOf(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name.endsWith('session_token')) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/**
 * An in-process cache of "which session and user does this cookie name": the hot path of every
 * signed-in request reads no table. Roles are deliberately NOT cached here (they are read with the
 * request's own query), so a role change takes effect on the user's next request. The one exception,
 * `adminWithoutTwoFactor`, only decides whether the two-factor gate looks again (decision 0474).
 */
export function createSessionCache(
  options: {
    ttlMs?: number;
    liveTtlMs?: number;
    /** Whether deletions of sessions and changes of accounts reach this cache as events now. */
    isLive?: () => boolean;
    maxEntries?: number;
    now?: () => number;
  } = {},
) {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const liveTtlMs = options.liveTtlMs ?? SESSION_CACHE_LIVE_TTL_MS;
  const isLive = options.isLive ?? (() => false);
  const maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, Entry>();

  return {
    get(token: string): CachedSession | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      const at = now();
      if (at - entry.storedAt > (isLive() ? liveTtlMs : ttlMs) || entry.value.session.expiresAt.getTime() <= Date.now()) {
        entries.delete(token);
        return undefined;
      }
      // Map keeps insertion order: re-inserting makes this the most recently used.
      entries.delete(token);
      entries.set(token, entry);
      return entry.value;
    },
    set(token: string, value: CachedSession): void {
      entries.delete(token);
      entries.set(token, { value, storedAt: now() });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    forgetToken(token: string): void {
      entries.delete(token);
    },
    /** Forgets every cached session of the user: sign-out everywhere, ban, deletion, password change. */
    invalidateUser(userId: string): void {
      for (const [token, entry] of entries) if (entry.value.user.id === userId) entries.delete(token);
    },
    /**
     * Forgets everything: a session was deleted somewhere (any instance; the auth_sessions trigger's
     * NOTIFY), and the NOTIFY does not say whose, so every entry is read again once (issue 22).
     */
    clear(): void {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
