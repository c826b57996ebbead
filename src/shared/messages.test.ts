import { describe, expect, it } from 'vitest';
import { messages } from './messages';

/** Every text with its dotted key; sections may nest (e.g. payment.card.numberLabel). */
function leavesOf(node: unknown, path: string): (readonly [string, string])[] {
  if (typeof node !== 'object' || node === null) return [[path, node as string] as const];
  return Object.entries(node).flatMap(([key, child]) => leavesOf(child, path ? `${path}.${key}` : key));
}

const leaves = leavesOf(messages, '');

describe('messages', () => {
  it.each(leaves)('%s is a non-empty text without stray whitespace', (_key, text) => {
    expect(typeof text).toBe('string');
    expect(text.trim()).toBe(text);
    expect(text.length).toBeGreaterThan(0);
  });

  it.each(leaves)('%s uses only {name} placeholders', (_key, text) => {
    const withoutPlaceholders = text.replace(/\{\w+\}/g, '');
    expect(withoutPlaceholders).not.toMatch(/[{}]/);
  });
});
