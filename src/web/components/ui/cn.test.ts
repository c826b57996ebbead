import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('joins truthy classes and skips falsy ones, nested arrays included', () => {
    const hidden = false;
    expect(cn('a', false, null, undefined, '', 0, ['b', [hidden && 'c', 'd']], !hidden && 'e')).toBe(
      'a b d e',
    );
  });

  it('lets a later class replace an earlier one of the same kind', () => {
    expect(
      cn('h-9 px-4 py-2 whitespace-nowrap items-center', 'h-auto p-4 whitespace-normal items-start'),
    ).toBe('h-auto p-4 whitespace-normal items-start');
    expect(cn('size-10 rounded-full', 'size-8')).toBe('rounded-full size-8');
    expect(cn('w-72 p-4', 'w-80 p-0')).toBe('w-80 p-0');
  });

  it('keeps classes that only look alike: other variants, other properties, text size vs colour', () => {
    expect(cn('text-sm text-muted-foreground', 'text-destructive')).toBe('text-sm text-destructive');
    expect(cn('text-base md:text-sm', 'text-lg')).toBe('md:text-sm text-lg');
    expect(cn('bg-primary hover:bg-primary/90', 'bg-secondary')).toBe('hover:bg-primary/90 bg-secondary');
    expect(cn('border border-input', 'border-destructive')).toBe('border border-destructive');
    expect(cn('px-4', 'pl-2')).toBe('px-4 pl-2');
    expect(cn('flex flex-col', 'grid')).toBe('flex-col grid');
  });

  it('answers a call it has seen before the same way, and stays right past what it remembers', () => {
    expect(cn('h-9 px-4', 'h-auto')).toBe('px-4 h-auto');
    expect(cn('h-9 px-4', 'h-auto')).toBe('px-4 h-auto');
    // The same strings in other positions, or split differently, are other calls with their own answers.
    expect(cn('h-auto', 'h-9 px-4')).toBe('h-9 px-4');
    expect(cn('h-9', 'px-4 h-auto')).toBe('px-4 h-auto');
    expect(cn('h-9 px-4', undefined, 'h-auto')).toBe('px-4 h-auto');
    // Class lists built from data: more distinct calls than either memo keeps.
    for (let i = 0; i < 5000; i++) expect(cn(`w-${i} p-2`, `w-${i + 1}`)).toBe(`p-2 w-${i + 1}`);
    expect(cn('h-9 px-4', 'h-auto')).toBe('px-4 h-auto');
    expect(cn(['h-9', 'px-4'], 'h-auto')).toBe('px-4 h-auto');
  });
});
