import type { Context } from 'hono';
import { userFileHeaders } from '../../http/user-file';

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range; a multi-range request gets the whole file). */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * A stored video streamed to an authorized reader: 206 with Content-Range for a Range request (how
 * players seek), 200 with the whole file otherwise, 416 for a range past the end. The bytes flow from
 * storage to the socket without being held in memory; the user-file headers apply as for any upload.
 */
export async function streamedFileResponse(
  c: Context,
  file: { size: number; contentType: string; open: (range?: { start: number; end: number }) => Promise<ReadableStream<Uint8Array> | null> },
): Promise<Response> {
  const stat = file;
  const headers: Record<string, string> = {
    ...userFileHeaders({ bytes: new Uint8Array(), contentType: stat.contentType }, { disposition: 'inline', cache: 'private' }),
    'Accept-Ranges': 'bytes',
  };
  const range = parseRange(c.req.header('range'), stat.size);
  if (range === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${stat.size}` } });
  }
  const stream = await file.open(range ?? undefined);
  if (!stream) return c.json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  if (!range) return new Response(stream, { status: 200, headers: { ...headers, 'Content-Length': String(stat.size) } });
  return new Response(stream, {
    status: 206,
    headers: { ...headers, 'Content-Length': String(range.end - range.start + 1), 'Content-Range': `bytes ${range.start}-${range.end}/${stat.size}` },
  });
}
