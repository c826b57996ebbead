import type { Context } from 'hono';

/**
 * THE way to answer with a file a user uploaded (avatars, evidence photos, identity documents, chat
 * attachments...): whatever the bytes hide (an HTML/SVG/PDF polyglot, a script), the browser neither
 * sniffs nor runs it (`default-src 'none'; sandbox`, nosniff) and no other site may embed it. Documents
 * are always downloaded (`attachment`); photos may show inline.
 */
export interface UserFile {
  bytes: Uint8Array;
  contentType: string;
  fileName?: string;
}

export const USER_FILE_CSP = "default-src 'none'; sandbox";

/** A filename safe inside a quoted header value (ASCII, no quotes, slashes or controls) plus its UTF-8 form. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string | undefined): string {
  if (!fileName) return kind;
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const ascii = base.replace(/[^\x20-\x7e]|["\\;%]/g, '_').slice(0, 150) || 'file';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base.slice(0, 150))}`;
}

export function userFileHeaders(
  file: UserFile,
  options: { disposition: 'inline' | 'attachment'; cache: 'private' | 'public-immutable' },
): Record<string, string> {
  return {
    'Content-Type': file.contentType,
    'Content-Disposition': contentDisposition(options.disposition, file.fileName),
    'Content-Security-Policy': USER_FILE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': options.cache === 'private' ? 'private, no-store' : 'public, max-age=31536000, immutable',
  };
}

export function userFileResponse(
  c: Context,
  file: UserFile,
  options: { disposition: 'inline' | 'attachment'; cache: 'private' | 'public-immutable' },
) {
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, userFileHeaders(file, options));
}
