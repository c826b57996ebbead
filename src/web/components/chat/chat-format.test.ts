import { describe, expect, it } from 'vitest';
import { linkParts, nearBottom, preview, relativeTime } from './chat-format';

describe('chat formatting', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('gives relative times: Just now, minutes, hours, Yesterday, days under 7, then a date', () => {
    expect(relativeTime(ago(30_000), now)).toBe('Just now');
    expect(relativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(relativeTime(ago(30 * 3_600_000), now)).toBe('Yesterday');
    expect(relativeTime(ago(6 * 86_400_000), now)).toBe('6 days ago');
    expect(relativeTime(ago(8 * 86_400_000), now)).toBe('Mar 2, 2026');
  });

  it('cuts previews at 60 characters', () => {
    expect(preview('a'.repeat(60))).toBe('a'.repeat(60));
    expect(preview('b'.repeat(61))).toBe(`${'b'.repeat(60)}...`);
    expect(preview('two\nlines')).toBe('two lines');
  });

  it('auto-scrolls only within 50 px of the bottom', () => {
    expect(nearBottom({ scrollHeight: 1000, scrollTop: 450, clientHeight: 500 })).toBe(true);
    expect(nearBottom({ scrollHeight: 1000, scrollTop: 449, clientHeight: 500 })).toBe(false);
  });

  it('makes only http(s) links clickable and keeps the rest as text', () => {
    expect(linkParts('see https://example.com/a?b=1. thanks')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. thanks' },
    ]);
    expect(linkParts('javascript:alert(1) <img src=x>')).toEqual([{ kind: 'text', text: 'javascript:alert(1) <img src=x>' }]);
  });
});

describe('relativeTime in the singular (issue 52)', () => {
  it('writes one minute and one hour without an s', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    expect(relativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(relativeTime(ago(3_600_000), now)).toBe('1 hour ago');
  });
});
