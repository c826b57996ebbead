import { describe, expect, it } from 'vitest';
import { InvalidStorageKeyError, isValidStorageKey } from './file-storage';
import { sanitizeFileName, storageKey } from './storage-keys';

describe('sanitizeFileName', () => {
  it.each([
    ['photo.png', 'photo.png'],
    ['my holiday photo (1).JPG', 'my_holiday_photo_1_.JPG'],
    ['résumé final.pdf', 'resume_final.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\ann\\id card.pdf', 'id_card.pdf'],
    ['.bashrc', 'bashrc'],
    ['..', 'file'],
    ['', 'file'],
    ['文件.docx', 'file.docx'],
    ['a  b\t\nc.txt', 'a_b_c.txt'],
    ['archive.tar.gz', 'archive.tar.gz'],
    ['no-extension', 'no-extension'],
    ['trailing.', 'trailing'],
    ['weird.ext$$', 'weird.ext_'],
    ['-rf.sh', 'rf.sh'],
  ])('%j -> %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('keeps the extension when it shortens a long name', () => {
    const result = sanitizeFileName(`${'a'.repeat(300)}.pdf`);
    expect(result).toHaveLength(100);
    expect(result.endsWith('.pdf')).toBe(true);
    expect(sanitizeFileName('abcdefghij.png', 8)).toBe('abcd.png');
  });

  it('only ever yields characters valid in a storage key', () => {
    for (const name of ['ü/../x', '<script>.html', 'a:b|c?.png', '\u0000.pdf', '💥.gif']) {
      expect(sanitizeFileName(name)).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
    }
  });
});

describe('storageKey', () => {
  it('is prefix/owner/timestamp_name', () => {
    const now = new Date('2026-01-02T03:04:05.678Z');
    expect(storageKey('chat-attachments', '5b1c0b4e-8b8f-4bd0-9d67-2c7d1f0e1a2b', 'My Doc.pdf', now)).toBe(
      `chat-attachments/5b1c0b4e-8b8f-4bd0-9d67-2c7d1f0e1a2b/${now.getTime()}_My_Doc.pdf`,
    );
  });

  it('refuses a prefix or owner that would escape', () => {
    expect(() => storageKey('../evidence', 'u1', 'a.png', new Date())).toThrow(InvalidStorageKeyError);
    expect(() => storageKey('evidence', '/abs', 'a.png', new Date())).toThrow(InvalidStorageKeyError);
  });
});

describe('isValidStorageKey', () => {
  it.each(['evidence/u1/1_a.png', 'a', 'verification_docs/x/y.pdf'])('accepts %j', (key) => {
    expect(isValidStorageKey(key)).toBe(true);
  });
  it.each([
    '',
    '/abs/a.png',
    'a/../b',
    '..',
    'a/./b',
    'a//b',
    'a\\b',
    'a/',
    '.meta/a',
    'a b',
    'a/%2e%2e',
    'x'.repeat(513),
  ])('rejects %j', (key) => {
    expect(isValidStorageKey(key)).toBe(false);
  });
});
