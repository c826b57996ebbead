import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_SCHEMA_PATH, renderClientSchema } from '../../scripts/api-client';

/**
 * The committed types of the typed client (schema.d.ts) are the ones the OpenAPI document gives today:
 * a route description that changed without `npm run api:client` fails here, and so in CI.
 */
describe('the typed client', () => {
  it('matches the OpenAPI document', async () => {
    const fresh = await renderClientSchema();
    const committed = readFileSync(CLIENT_SCHEMA_PATH, 'utf8');
    if (committed !== fresh) {
      const a = committed.split('\n');
      const b = fresh.split('\n');
      const line = a.findIndex((text, index) => text !== b[index]);
      expect.fail(
        `the typed client is stale: run npm run api:client (clients/typescript/schema.d.ts differs from a fresh one from line ${(line < 0 ? a.length : line) + 1}: ${JSON.stringify(a[line] ?? '')} vs ${JSON.stringify(b[line] ?? '')})`,
      );
    }
  });
});
