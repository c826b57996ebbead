import { Hono } from 'hono';
import type { PublicSettingsDto } from '@shared/schemas/geo.schemas';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../http/context';
import { toPublicSettings } from './public-settings';
import { readPublicSettings } from './settings.repository';

// Revalidated on every use: maintenance mode and the fee must apply as soon as an admin saves them.
const SETTINGS_CACHE = 'no-cache';

/** The platform settings anyone may read: the footer and legal texts (no session needed). */
export function settingsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/public-settings', async (c) => {
    const settings = toPublicSettings(await readPublicSettings(deps.db));
    c.header('Cache-Control', SETTINGS_CACHE);
    return c.json(settings satisfies PublicSettingsDto);
  });
}
