import { Hono } from 'hono';
import { BRAND_NAME } from '@shared/brand';
import { CATEGORY_LABELS, NOTIFICATION_CATEGORIES } from '@shared/notify/notification-categories';
import {
  savePreferencesSchema,
  unsubscribeParamsSchema,
  type NotificationPreferencesDto,
} from '@shared/schemas/notification-preferences.schemas';
import type { AppDeps } from '../../../app-deps';
import { authSecretOf } from '../../../env';
import { requireUser, type AppEnv } from '../../../http/context';
import { jsonBody, pathParams } from '../../../http/validation';
import { listPreferences, savePreferences } from './preferences.repository';
import { readUnsubscribeToken } from './unsubscribe-token';

const ALWAYS_SENT = 'Emails about your money (payments, refunds, holds, disputes) and your account security are always sent.';

async function preferencesOf(deps: AppDeps, userId: string): Promise<NotificationPreferencesDto> {
  const choices = await listPreferences(deps.db, userId);
  const enabled = (category: string, channel: string) =>
    choices.find((choice) => choice.category === category && choice.channel === channel)?.enabled ?? true;
  return {
    preferences: NOTIFICATION_CATEGORIES.map((category) => ({
      category,
      label: CATEGORY_LABELS[category],
      email: enabled(category, 'email'),
      push: enabled(category, 'push'),
    })),
    always_sent_note: ALWAYS_SENT,
  };
}

/**
 * A tiny self-contained page: the unsubscribe link must work signed out, without the web app. It
 * names the brand and links home, so the reader knows whose emails these are (issue 52).
 */
function page(title: string, body: string): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const brand = `<header style="border-bottom:1px solid #e5e7eb;padding-bottom:.75rem;margin-bottom:1.5rem"><a href="/" style="font-weight:600;color:inherit;text-decoration:none">${escape(BRAND_NAME)}</a></header>`;
  const home = `<p style="margin-top:2rem"><a href="/">Go to ${escape(BRAND_NAME)}</a></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)} · ${escape(BRAND_NAME)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">${brand}<main><h1>${escape(title)}</h1>${body}${home}</main></body></html>`;
}

/**
 * Notification preferences (per category and channel) and one-click unsubscribe (RFC 8058)
 * (issue 19, docs/notifications.md).
 */
export function notificationPreferencesRoutes(deps: AppDeps) {
  const secret = authSecretOf(deps.env);
  return (
    new Hono<AppEnv>()
      .get('/notification-preferences', async (c) => c.json(await preferencesOf(deps, requireUser(c).id)))
      .put('/notification-preferences', async (c) => {
        const user = requireUser(c);
        const request = await jsonBody(c, savePreferencesSchema);
        await savePreferences(deps.db, user.id, request.preferences, deps.clock.now());
        return c.json(await preferencesOf(deps, user.id));
      })
      // GET only shows a button: mail scanners open links, and an unsubscribe must be a deliberate POST.
      .get('/webhooks/unsubscribe/:token', (c) => {
        const { token } = pathParams(c, unsubscribeParamsSchema);
        const target = readUnsubscribeToken(secret, token);
        if (!target) return c.html(page('This link is not valid', '<p>Open the Notifications tab of your profile to change your emails.</p>'), 404);
        const label = CATEGORY_LABELS[target.category];
        return c.html(
          page(
            `Unsubscribe from "${label}" emails?`,
            `<form method="post"><button type="submit" style="padding:.6rem 1rem">Unsubscribe</button></form>`,
          ),
        );
      })
      // The one-click POST (List-Unsubscribe-Post) and the page's button: the signed token is the authority.
      .post('/webhooks/unsubscribe/:token', async (c) => {
        const { token } = pathParams(c, unsubscribeParamsSchema);
        const target = readUnsubscribeToken(secret, token);
        if (!target) return c.html(page('This link is not valid', '<p>Nothing was changed.</p>'), 404);
        await savePreferences(deps.db, target.userId, [{ category: target.category, channel: 'email', enabled: false }], deps.clock.now());
        const label = CATEGORY_LABELS[target.category];
        return c.html(page('You are unsubscribed', `<p>You will no longer get "${label}" emails. You can turn them back on in the Notifications tab of your profile.</p>`));
      })
  );
}
