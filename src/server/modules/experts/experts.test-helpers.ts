import type { TestApp } from '../../test/test-app';

/** Tiny files whose first bytes are what real files of each kind start with. */
const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));
export const FILE_BYTES = {
  pdf: new Uint8Array([...ascii('%PDF-1.4\n'), ...ascii('1 0 obj << >> endobj\n%%EOF\n')]),
  png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...ascii('IHDR')]),
  jpeg: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...ascii('JFIF'), 0]),
  webp: new Uint8Array([...ascii('RIFF'), 26, 0, 0, 0, ...ascii('WEBPVP8 '), 0, 0, 0, 0]),
  gif: new Uint8Array(ascii('GIF89a\x01\x00\x01\x00')),
  text: new Uint8Array(ascii('just some text, not a document')),
};

/** A file of `size` bytes that starts like `kind`. */
export function fileOf(kind: keyof typeof FILE_BYTES, name: string, size?: number, type = ''): File {
  const head = FILE_BYTES[kind];
  const bytes = new Uint8Array(Math.max(size ?? head.length, head.length));
  bytes.set(head);
  return new File([bytes], name, { type });
}

export interface ApplicationInput {
  bio?: string;
  expertise?: string;
  location?: string;
  latitude?: string;
  longitude?: string;
  lpca_terms_accepted?: string;
  document?: File | null;
}

export const VALID_APPLICATION: Required<Omit<ApplicationInput, 'document'>> = {
  bio: 'I inspect apartments and cars in Brooklyn, with photos and video.',
  expertise: ' Apartments, , Vehicles ,Marketplace items,, ',
  location: 'Brooklyn, New York, United States',
  latitude: '40.6782',
  longitude: '-73.9442',
  lpca_terms_accepted: 'true',
};

/** The Become a Local Expert form as multipart; `undefined` values are left out. */
export function applicationForm(input: ApplicationInput = {}): FormData {
  const values = { ...VALID_APPLICATION, ...input };
  const form = new FormData();
  for (const name of ['bio', 'expertise', 'location', 'latitude', 'longitude', 'lpca_terms_accepted'] as const) {
    const value = values[name];
    if (value !== undefined) form.set(name, value);
  }
  const document = 'document' in input ? input.document : fileOf('pdf', 'My Passport (scan).pdf');
  if (document) form.set('document', document);
  return form;
}

export async function submitApplication(t: TestApp, cookie: string | undefined, input: ApplicationInput = {}) {
  return t.request('POST', '/api/experts/application', { body: applicationForm(input), cookie });
}

/** A user who picked the expert role through the API: an empty expert profile, no application yet. */
export async function newExpert(t: TestApp) {
  const user = await t.createUser('new');
  const response = await t.request('POST', '/api/me/onboarding', { body: { role: 'expert' }, cookie: user.cookie });
  if (!response.ok) throw new Error(`onboarding failed: ${response.status} ${await response.text()}`);
  return user;
}
