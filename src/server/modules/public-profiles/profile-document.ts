import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Context, Next } from 'hono';
import { BRAND_NAME } from '@shared/brand';
import { expertProfileShellHtml } from '@shared/expert-profile-shell';
import { withPageShell } from '@shared/landing-shell';
import { idSchema } from '@shared/schemas/common.schemas';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { findPublicProfile } from './public-profiles.repository';

/**
 * GET /expert/{id} as a document: index.html with the expert's first screen already in it
 * (docs/decisions/0404), read through the same rule as GET /api/experts/{id}/public, so an expert
 * that API hides is not in the HTML either. Any other id (not a UUID, unknown, hidden) falls
 * through to the plain index.html, whose page then says the profile was not found.
 */
export function expertProfileDocument(deps: { db: Db; webRoot: string }) {
  let indexHtml: string | null = null;
  return async (c: Context<AppEnv>, next: Next) => {
    const id = idSchema.safeParse(c.req.param('id'));
    if (!id.success) return next();
    const row = await findPublicProfile(deps.db, id.data);
    if (!row) return next();
    // The build does not change under a running server: read it once.
    indexHtml ??= readFileSync(resolve(deps.webRoot, 'index.html'), 'utf8');
    return c.html(withPageShell(indexHtml, expertProfileShellHtml(row, BRAND_NAME)));
  };
}
