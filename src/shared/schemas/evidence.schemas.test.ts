import { describe, expect, it } from 'vitest';
import { evidenceFileErrors, submitEvidenceSchema } from './evidence.schemas';

const MB = 1024 * 1024;
const photo = (name: string, size = MB, type = 'image/jpeg') => ({ name, size, type });

describe('submitEvidenceSchema', () => {
  it('trims the completion notes', () => {
    expect(submitEvidenceSchema.parse({ completion_notes: '  Done.  ' })).toEqual({
      completion_notes: 'Done.',
    });
  });

  it.each([undefined, '', '   '])('%j -> Please provide completion notes', (completion_notes) => {
    const result = submitEvidenceSchema.safeParse({ completion_notes });
    expect(result.error?.issues[0].message).toBe('Please provide completion notes');
  });

  it('bounds the notes', () => {
    const result = submitEvidenceSchema.safeParse({ completion_notes: 'x'.repeat(5_001) });
    expect(result.error?.issues[0].message).toBe('Completion notes must be at most 5000 characters');
  });
});

describe('evidenceFileErrors', () => {
  it('needs at least one photo', () => {
    expect(evidenceFileErrors([])).toEqual(['Please upload at least 1 photo as evidence']);
  });

  it('accepts photos up to exactly 5MB of every allowed type', () => {
    expect(
      evidenceFileErrors([
        photo('a.jpg', 5 * MB),
        photo('b.png', 1, 'image/png'),
        photo('c.webp', 1, 'image/webp'),
        photo('d.gif', 1, 'image/gif'),
      ]),
    ).toEqual([]);
  });

  it('names each file that is too large or not a photo', () => {
    expect(
      evidenceFileErrors([
        photo('big.jpg', 5 * MB + 1),
        photo('ok.jpg'),
        photo('doc.pdf', 10, 'application/pdf'),
      ]),
    ).toEqual([
      'File big.jpg is too large. Maximum size is 5MB.',
      'File doc.pdf is not a supported photo. Please upload JPG, PNG, WebP or GIF images.',
    ]);
  });

  it('bounds the number of photos', () => {
    const files = Array.from({ length: 11 }, (_, i) => photo(`${i}.jpg`));
    expect(evidenceFileErrors(files)).toEqual(['You can upload at most 10 photos']);
    expect(evidenceFileErrors(files.slice(0, 10))).toEqual([]);
  });
});
