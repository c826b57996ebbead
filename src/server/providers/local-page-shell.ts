import { html } from 'hono/html';

/**
 * The page the embedded providers' stand-in pages (payment onboarding and authentication, the
 * background check) are served in: one white card on a grey page, a note, stacked buttons.
 * `styles` adds a page's own rules after the shared ones; `html` escapes every interpolated value.
 */
export function localProviderPage(params: { title: string; styles?: unknown; main: unknown; banner?: string }) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${params.title}</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            margin: 0;
            background: #f4f6f8;
            color: #111827;
          }
          main {
            max-width: 36rem;
            margin: 3rem auto;
            padding: 2rem;
            background: #fff;
            border-radius: 0.75rem;
          }
          .note {
            background: #eef2ff;
            border-left: 4px solid #4f46e5;
            padding: 0.75rem 1rem;
          }
          form {
            display: grid;
            gap: 1rem;
            margin-top: 1.5rem;
          }
          button {
            font: inherit;
            padding: 0.75rem 1rem;
            border-radius: 0.5rem;
            border: 1px solid #1f2937;
            background: #1f2937;
            color: #fff;
            cursor: pointer;
          }
          button.secondary {
            background: #fff;
            color: #1f2937;
          }
          .test-banner {
            margin: 0;
            padding: 0.75rem 1rem;
            background: #fef3c7;
            border-bottom: 2px solid #b45309;
            color: #78350f;
            font-weight: 600;
            text-align: center;
          }
          ${params.styles ?? ''}
        </style>
      </head>
      <body>
        ${params.banner ? html`<p class="test-banner" role="note">${params.banner}</p>` : ''}
        <main>${params.main}</main>
      </body>
    </html>`;
}
