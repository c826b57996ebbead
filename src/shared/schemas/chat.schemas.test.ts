import { describe, expect, it } from 'vitest';
import { chatAttachmentError, sendMessageSchema } from './chat.schemas';

const MB = 1024 * 1024;

describe('sendMessageSchema', () => {
  it('trims the content', () => {
    expect(sendMessageSchema.parse({ content: '  hello\nthere  ' })).toEqual({ content: 'hello\nthere' });
  });

  it.each([undefined, '', ' \n '])('refuses empty content %j', (content) => {
    expect(sendMessageSchema.safeParse({ content }).error?.issues[0].message).toBe('Please type a message');
  });

  it('bounds the length', () => {
    expect(sendMessageSchema.safeParse({ content: 'x'.repeat(5_001) }).error?.issues[0].message).toBe(
      'Message must be at most 5000 characters',
    );
  });
});

describe('chatAttachmentError', () => {
  it.each([
    'image/jpeg',
    'image/png',
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ])('accepts %s up to 5MB', (type) => {
    expect(chatAttachmentError({ size: 5 * MB, type })).toBeNull();
  });

  it('refuses larger files and other types', () => {
    expect(chatAttachmentError({ size: 5 * MB + 1, type: 'image/png' })).toBe('File size exceeds 5MB limit');
    expect(chatAttachmentError({ size: 10, type: 'application/zip' })).toBe(
      'Unsupported file type. Please attach an image, PDF, DOC or DOCX file.',
    );
  });
});
