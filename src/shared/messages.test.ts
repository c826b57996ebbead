import { describe, expect, it } from 'vitest';
import { messages } from './messages';

const leaves = Object.entries(messages).flatMap(([section, texts]) =>
  Object.entries(texts).map(([key, text]) => [`${section}.${key}`, text] as const),
);

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
