import { Hono } from 'hono';
import { html } from 'hono/html';
import { localProviderPage } from '../local-page-shell';
import type { LocalVerificationProvider } from './local-adapter';

/**
 * The local provider's hosted verification page (mounted at /dev/verification outside production):
 * - GET /sessions/:id: the consent step, then the decision step once consent is given;
 * - POST /sessions/:id/consent (consent=yes): records consent, back to the page (303);
 * - POST /sessions/:id/decision (decision=approve|reject): decides once, sends the signed event to
 *   the product, and returns the person to the product (303 to the session's return URL).
 * These pages stand in for the provider's own, so their wording is theirs, not the spec's.
 */
export const LOCAL_VERIFICATION_TEXT = {
  title: 'Background check',
  intro:
    "This page is the local stand-in for the verification provider's hosted background check. The product is running without verification provider keys, so no real check is made.",
  consentLabel: 'I consent to an identity and background check for my expert profile',
  consentButton: 'Continue',
  consentRequired: 'Please tick the consent box to continue.',
  decisionIntro: 'Consent recorded. Choose how the check ends:',
  approve: 'Approve the background check',
  reject: 'Reject the background check',
  doneTitle: 'This check is finished',
  doneBody: 'This background check already has a result. Return to the product to see it.',
  notFoundTitle: 'Check not found',
  notFoundBody: 'This background check does not exist. Start a new one from your profile.',
} as const;

const T = LOCAL_VERIFICATION_TEXT;

function page(title: string, body: unknown) {
  return localProviderPage({
    title,
    styles: html`
      label { display: flex; gap: 0.5rem; align-items: flex-start; }
      .error { color: #b91c1c; }
    `,
    main: html`<h1>${title}</h1>
      ${body}`,
  });
}

export function createLocalVerificationPages(options: { provider: LocalVerificationProvider }) {
  const { provider } = options;
  const app = new Hono();

  app.get('/sessions/:id', async (c) => {
    const session = await provider.findSession(c.req.param('id'));
    if (!session) return c.html(page(T.notFoundTitle, html`<p>${T.notFoundBody}</p>`), 404);
    if (session.status !== 'requires_input') return c.html(page(T.doneTitle, html`<p>${T.doneBody}</p>`));
    const base = `${c.req.path.replace(/\/$/, '')}`;
    if (!session.consented_at) {
      const error = c.req.query('error') === 'consent' ? html`<p class="error" role="alert">${T.consentRequired}</p>` : '';
      return c.html(
        page(
          T.title,
          html`<p class="note">${T.intro}</p>
            ${error}
            <form method="post" action="${base}/consent">
              <label><input type="checkbox" name="consent" value="yes" /> ${T.consentLabel}</label>
              <button type="submit">${T.consentButton}</button>
            </form>`,
        ),
      );
    }
    return c.html(
      page(
        T.title,
        html`<p class="note">${T.intro}</p>
          <p>${T.decisionIntro}</p>
          <form method="post" action="${base}/decision">
            <button type="submit" name="decision" value="approve">${T.approve}</button>
            <button type="submit" name="decision" value="reject" class="secondary">${T.reject}</button>
          </form>`,
      ),
    );
  });

  app.post('/sessions/:id/consent', async (c) => {
    const id = c.req.param('id');
    if (!(await provider.findSession(id))) return c.html(page(T.notFoundTitle, html`<p>${T.notFoundBody}</p>`), 404);
    const body = await c.req.parseBody();
    const target = c.req.path.replace(/\/consent$/, '');
    if (body.consent !== 'yes') return c.redirect(`${target}?error=consent`, 303);
    await provider.recordConsent(id);
    return c.redirect(target, 303);
  });

  app.post('/sessions/:id/decision', async (c) => {
    const id = c.req.param('id');
    const session = await provider.findSession(id);
    if (!session) return c.html(page(T.notFoundTitle, html`<p>${T.notFoundBody}</p>`), 404);
    const body = await c.req.parseBody();
    const decision = body.decision === 'approve' || body.decision === 'reject' ? body.decision : null;
    // No decision without consent, and only the two outcomes.
    if (!decision || !session.consented_at) return c.redirect(c.req.path.replace(/\/decision$/, ''), 303);
    const { returnUrl } = await provider.decide(id, decision);
    return c.redirect(returnUrl, 303);
  });

  return app;
}
