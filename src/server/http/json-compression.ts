import { compress } from 'hono/compress';

/**
 * gzip for the API's JSON answers (task lists, admin tables, conversations shrink four- to tenfold).
 * Only application/json: the event stream and the WebSocket upgrade must flush as they go, user files
 * (images, PDFs) are compressed already and are served with their own headers, and the static web
 * files ship precompressed.
 */
export const jsonCompression = () => compress({ encoding: 'gzip', contentTypeFilter: /^application\/json/ });
