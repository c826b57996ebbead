import { assertValidStorageKey } from './file-storage';

export const FILE_NAME_MAX_LENGTH = 100;
const EXTENSION_MAX_LENGTH = 10;

const toSafeChars = (text: string) =>
  text
    // Accented letters keep their base letter: "résumé" -> "resume".
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_');

/**
 * A file name safe for storage keys and download headers: letters, digits, dots, dashes and
 * underscores, every other run of characters collapsed to `_`, the extension kept, at most `maxLength` long.
 */
export function sanitizeFileName(name: string, maxLength = FILE_NAME_MAX_LENGTH): string {
  // Only the last path component of a name like C:\Users\me\photo.png or ../../etc/passwd.
  const baseName = name.split(/[/\\]/).pop() ?? '';
  const dot = baseName.lastIndexOf('.');
  const hasExtension = dot > 0 && dot < baseName.length - 1;
  let stem = toSafeChars(hasExtension ? baseName.slice(0, dot) : baseName);
  let extension = hasExtension ? toSafeChars(baseName.slice(dot + 1)).replace(/\./g, '_') : '';
  if (extension.length > EXTENSION_MAX_LENGTH || /^_*$/.test(extension)) extension = '';
  // No leading dots or dashes (hidden files, option-like names), no trailing dots.
  stem = stem.replace(/^[._-]+/, '').replace(/[.]+$/, '');
  if (stem === '' || /^_+$/.test(stem)) stem = 'file';
  const suffix = extension ? `.${extension}` : '';
  const room = Math.max(1, maxLength - suffix.length);
  return `${stem.slice(0, room).replace(/[.]+$/, '') || 'file'}${suffix}`;
}

/** `${prefix}/${ownerId}/${timestamp}_${sanitized name}`, the timestamp in milliseconds since the epoch. Throws InvalidStorageKeyError when prefix or ownerId break the key rule. */
export function storageKey(prefix: string, ownerId: string, fileName: string, now: Date): string {
  const key = `${prefix}/${ownerId}/${now.getTime()}_${sanitizeFileName(fileName)}`;
  assertValidStorageKey(key);
  return key;
}
