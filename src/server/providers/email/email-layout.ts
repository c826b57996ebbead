import { createElement as h, type ReactNode } from 'react';
import type * as EmailComponents from '@react-email/components';
import { BRAND_NAME } from '@shared/brand';

/** What every product mail says: one heading, a few paragraphs, one button to the exact page. */
export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  button: { label: string; url: string };
  /** Optional mails carry a one-click unsubscribe link (money and security mails do not). */
  unsubscribeUrl?: string;
  /** Why the reader gets this mail, shown small at the bottom. */
  footnote?: string;
}

const styles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', maxWidth: '560px', margin: '0 auto', padding: '32px' },
  brand: { color: '#0f172a', fontSize: '14px', fontWeight: 700, margin: '0 0 16px' },
  heading: { color: '#0f172a', fontSize: '22px', margin: '0 0 16px' },
  text: { color: '#334155', fontSize: '15px', lineHeight: '24px' },
  button: { backgroundColor: '#0f172a', borderRadius: '6px', color: '#ffffff', fontSize: '15px', padding: '12px 20px', textDecoration: 'none' },
  small: { color: '#64748b', fontSize: '12px', lineHeight: '18px' },
};

function EmailDocument(content: EmailContent, components: typeof EmailComponents): ReactNode {
  const { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } = components;
  return h(
    Html,
    { lang: 'en' },
    h(Head),
    h(Preview, null, content.paragraphs[0] ?? content.heading),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Text, { style: styles.brand }, BRAND_NAME),
        h(Heading, { as: 'h1', style: styles.heading }, content.heading),
        ...content.paragraphs.map((paragraph, index) => h(Text, { key: index, style: styles.text }, paragraph)),
        h(Section, { style: { margin: '24px 0' } }, h(Button, { href: content.button.url, style: styles.button }, content.button.label)),
        h(Text, { style: styles.small }, `If the button does not work, open this link: ${content.button.url}`),
        h(Hr),
        content.footnote ? h(Text, { style: styles.small }, content.footnote) : null,
        content.unsubscribeUrl
          ? h(Text, { style: styles.small }, h(Link, { href: content.unsubscribeUrl }, 'Unsubscribe from these emails'))
          : null,
      ),
    ),
  );
}

/** The plain-text part is written, not derived from the HTML, so it reads well in any client. */
function plainText(content: EmailContent): string {
  return [
    BRAND_NAME,
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${content.button.label}: ${content.button.url}`,
    ...(content.footnote ? ['', content.footnote] : []),
    ...(content.unsubscribeUrl ? ['', `Unsubscribe: ${content.unsubscribeUrl}`] : []),
  ].join('\n');
}

/**
 * Renders a mail to its HTML and text parts with react-email. The library is loaded on the first
 * mail, not at start-up: its import costs most of a second, which every process (and every test
 * file that builds the app) would otherwise pay whether it sends mail or not.
 */
export async function renderEmail(content: EmailContent): Promise<{ subject: string; html: string; text: string }> {
  const [{ render }, components] = await Promise.all([import('@react-email/render'), import('@react-email/components')]);
  const html = await render(EmailDocument(content, components) as Parameters<typeof render>[0]);
  return { subject: content.subject, html, text: plainText(content) };
}
