import { Hono } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { z } from 'zod';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import {
  OUTBOX_CHANNELS,
  OUTBOX_MAX_LIMIT,
  listOutboxMessages,
  type OutboxFilter,
  type OutboxMessage,
} from './outbox.repository';

/** What GET /messages returns for each message (e2e tests read confirmation links and SMS codes from it). */
export interface OutboxMessageDto {
  id: string;
  channel: OutboxMessage['channel'];
  recipient: string;
  subject: string | null;
  body: string;
  data: Record<string, unknown> | null;
  /** The email's main link (data.actionUrl), when it has one. */
  action_url: string | null;
  created_at: string;
}

const filterSchema = z.object({
  channel: z
    .enum(['email', 'sms', 'push'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  recipient: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
  limit: z.coerce.number().int().min(1).max(OUTBOX_MAX_LIMIT).optional(),
});

const dataOf = (row: OutboxMessage): Record<string, unknown> | null =>
  row.data !== null && typeof row.data === 'object' && !Array.isArray(row.data)
    ? (row.data as Record<string, unknown>)
    : null;

/** Only web links become clickable: a stored `javascript:` URL must never turn into a link. */
function safeLinkOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export function toOutboxMessageDto(row: OutboxMessage): OutboxMessageDto {
  const data = dataOf(row);
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    data,
    action_url: typeof data?.actionUrl === 'string' ? data.actionUrl : null,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * The dev outbox: what the embedded email, SMS and push adapters "sent". Mounted by the app at
 * /dev/outbox outside production: `/` is the page a person reads, `/messages` the JSON tests read.
 */
export function createOutboxPages({ db }: { db: Db }) {
  return new Hono()
    .get('/', async (c) => {
      const parsed = filterSchema.safeParse(c.req.query());
      const filter: OutboxFilter = parsed.success ? parsed.data : {};
      const rows = await listOutboxMessages(db, filter);
      c.header(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; form-action 'self'; base-uri 'none'",
      );
      c.header('Cache-Control', 'no-store');
      return c.html(renderPage(rows, filter));
    })
    .get('/messages', async (c) => {
      const parsed = filterSchema.safeParse(c.req.query());
      if (!parsed.success) {
        return c.json({ error: { code: 'bad_request', message: messages.common.invalidRequest } }, 400);
      }
      const rows = await listOutboxMessages(db, parsed.data);
      c.header('Cache-Control', 'no-store');
      return c.json({ messages: rows.map(toOutboxMessageDto) });
    });
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** Escapes the text and turns the web addresses in it into links. */
function linkify(text: string): HtmlEscapedString | Promise<HtmlEscapedString> {
  const parts: Array<string | HtmlEscapedString | Promise<HtmlEscapedString>> = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    // Sentence punctuation right after an address is not part of it.
    const raw = match[0].replace(/[.,;:!?)\]]+$/, '');
    const start = match.index ?? 0;
    const href = safeLinkOf(raw);
    if (!href) continue;
    parts.push(text.slice(last, start), html`<a href="${href}">${raw}</a>`);
    last = start + raw.length;
  }
  parts.push(text.slice(last));
  return html`${parts}`;
}

function formatTime(date: Date): string {
  return date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, ' UTC');
}

const channelLabel: Record<OutboxMessage['channel'], string> = { email: 'Email', sms: 'SMS', push: 'Push' };

function renderMessage(row: OutboxMessage) {
  const data = dataOf(row);
  const actionUrl = safeLinkOf(data?.actionUrl);
  const headingId = `message-${row.id}`;
  const heading = row.subject ?? `${channelLabel[row.channel]} to ${row.recipient}`;
  const emailHtml = typeof data?.html === 'string' ? data.html : null;
  const pushData = row.channel === 'push' && data?.data ? JSON.stringify(data.data, null, 2) : null;
  return html`<li>
    <article aria-labelledby="${headingId}">
      <h2 id="${headingId}">${heading}</h2>
      <dl>
        <div>
          <dt>Channel</dt>
          <dd>${channelLabel[row.channel]}</dd>
        </div>
        <div>
          <dt>Recipient</dt>
          <dd>${row.recipient}</dd>
        </div>
        <div>
          <dt>Subject</dt>
          <dd>${row.subject ?? '—'}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd><time datetime="${row.created_at.toISOString()}">${formatTime(row.created_at)}</time></dd>
        </div>
      </dl>
      ${actionUrl ? html`<p class="action"><a href="${actionUrl}">Open the link in this message</a></p>` : ''}
      <h3 class="visually-hidden">Body</h3>
      <pre class="body">${linkify(row.body)}</pre>
      ${
        pushData
          ? html`<details>
              <summary>Push data</summary>
              <pre>${pushData}</pre>
            </details>`
          : ''
      }
      ${
        emailHtml
          ? html`<h3>HTML version</h3>
            <iframe title="HTML version of ${heading}" sandbox="" srcdoc="${emailHtml}" style="width:100%;height:28rem;border:1px solid #ccc;background:#fff"></iframe>
            <details>
              <summary>HTML version (source)</summary>
              <pre>${emailHtml}</pre>
            </details>`
          : ''
      }
    </article>
  </li>`;
}

function renderPage(rows: OutboxMessage[], filter: OutboxFilter) {
  const count = rows.length === 1 ? '1 message' : `${rows.length} messages`;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Dev outbox</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            margin: 0;
            color: #111;
            background: #f6f6f6;
          }
          main {
            max-width: 60rem;
            margin: 0 auto;
            padding: 1.5rem;
          }
          form {
            display: flex;
            flex-wrap: wrap;
            gap: 0.75rem;
            align-items: end;
            margin-bottom: 1rem;
          }
          label {
            display: flex;
            flex-direction: column;
            gap: 0.25rem;
            font-weight: 600;
          }
          input,
          select,
          button {
            font: inherit;
            padding: 0.4rem 0.6rem;
          }
          ol {
            list-style: none;
            padding: 0;
            display: grid;
            gap: 1rem;
          }
          article {
            background: #fff;
            border: 1px solid #ccc;
            border-radius: 0.5rem;
            padding: 1rem;
          }
          h2 {
            margin: 0 0 0.5rem;
            font-size: 1.15rem;
          }
          dl {
            display: flex;
            flex-wrap: wrap;
            gap: 0.25rem 1.5rem;
            margin: 0 0 0.75rem;
          }
          dl div {
            display: flex;
            gap: 0.4rem;
          }
          dt {
            font-weight: 600;
          }
          dd {
            margin: 0;
          }
          pre {
            white-space: pre-wrap;
            word-break: break-word;
            background: #f0f0f0;
            padding: 0.75rem;
            border-radius: 0.25rem;
          }
          a {
            color: #0645ad;
          }
          a:focus-visible,
          button:focus-visible,
          input:focus-visible,
          select:focus-visible {
            outline: 3px solid #1a73e8;
            outline-offset: 2px;
          }
          .action a {
            font-weight: 600;
          }
          .visually-hidden {
            position: absolute;
            width: 1px;
            height: 1px;
            overflow: hidden;
            clip: rect(0 0 0 0);
            white-space: nowrap;
          }
        </style>
      </head>
      <body>
        <main>
          <h1>Dev outbox</h1>
          <p>
            Emails, SMS and push notifications sent while the product runs without outside services. Newest
            first.
          </p>
          <form method="get" role="search" aria-label="Filter messages">
            <label
              >Channel
              <select name="channel">
                <option value="">All channels</option>
                ${OUTBOX_CHANNELS.map(
                  (channel) =>
                    html`<option value="${channel}" ${filter.channel === channel ? html`selected` : ''}>
                      ${channelLabel[channel]}
                    </option>`,
                )}
              </select>
            </label>
            <label
              >Recipient
              <input type="text" name="recipient" value="${filter.recipient ?? ''}" autocomplete="off" />
            </label>
            <button type="submit">Filter</button>
            <a href="?">Show all</a>
          </form>
          <p role="status">${count}</p>
          ${
            rows.length > 0
              ? html`<ol>
                  ${rows.map(renderMessage)}
                </ol>`
              : html`<p>Nothing has been sent yet.</p>`
          }
        </main>
      </body>
    </html>`;
}
