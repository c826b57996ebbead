// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screenFiles } from './evidence-upload-form';

const fileOf = (name: string, bytes: number, type = 'image/png') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

describe('screenFiles', () => {
  it('keeps photos up to 5MB and names each larger one in the spec text', () => {
    const ok = fileOf('ok.png', 5 * 1024 * 1024);
    const big = fileOf('big.png', 5 * 1024 * 1024 + 1);
    const result = screenFiles([ok, big]);
    expect(result.accepted).toEqual([ok]);
    expect(result.errors).toEqual(['File big.png is too large. Maximum size is 5MB.']);
  });

  it('refuses files that are not photos', () => {
    const result = screenFiles([fileOf('notes.pdf', 100, 'application/pdf')]);
    expect(result.accepted).toEqual([]);
    expect(result.errors[0]).toContain('notes.pdf');
  });
});
