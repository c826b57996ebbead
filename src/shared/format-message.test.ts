import { describe, expect, it } from 'vitest';
import { format } from './format-message';
import { messages } from './messages';

describe('format', () => {
  it('fills a placeholder of a catalogue text', () => {
    expect(format(messages.applications.applyFailed, { msg: 'network down' })).toBe(
      'Failed to apply for the task: network down',
    );
  });

  it('fills several placeholders and repeats', () => {
    expect(format('{a} and {b} and {a}', { a: 1, b: 'two' })).toBe('1 and two and 1');
  });

  it('leaves a placeholder without a value as written', () => {
    expect(format('Hello {name}', {} as { name: string })).toBe('Hello {name}');
  });

  it('returns a text without placeholders unchanged', () => {
    expect(format(messages.tasks.notFound, {})).toBe('Task not found');
  });

  it('writes numbers and zero', () => {
    expect(format('Resend in {n}s', { n: 0 })).toBe('Resend in 0s');
  });
});
