import { describe, expect, it } from 'vitest';
import { parseExpertise } from '@shared/domain/expert';
import { applicationFormData, documentProblem, validateApplication, type ApplicationValues } from './application-validation';

const pdf = (size = 10, name = 'id.pdf', type = 'application/pdf') => new File([new Uint8Array(size)], name, { type });

const valid: ApplicationValues = {
  bio: 'I inspect apartments.',
  expertise: 'Apartments, Cars',
  location: { name: 'Brooklyn', lat: 40.67, lng: -73.94, address: 'Brooklyn, New York', country: 'United States', region: 'New York' },
  document: pdf(),
  termsAccepted: true,
};

describe('validateApplication', () => {
  it('passes a complete form', () => {
    expect(validateApplication(valid)).toBeNull();
  });

  it.each([
    ['bio', { bio: '  ' }, 'bio'],
    ['expertise of only commas', { expertise: ' , ,' }, 'expertise'],
    ['location', { location: null }, 'location'],
    ['coordinates', { location: { name: 'Nowhere', lat: Number.NaN, lng: 0, address: '', country: '', region: null } }, 'location'],
  ] as const)('missing %s gives the required-fields text', (_name, change, field) => {
    expect(validateApplication({ ...valid, ...change })).toEqual({
      field,
      message: 'Please fill in all required fields, including selecting a valid location',
    });
  });

  it('checks in the spec order: fields, document, terms, size, type', () => {
    expect(validateApplication({ ...valid, bio: '', document: null, termsAccepted: false })?.message).toBe(
      'Please fill in all required fields, including selecting a valid location',
    );
    expect(validateApplication({ ...valid, document: null, termsAccepted: false })?.message).toBe(
      'Please upload a verification document',
    );
    expect(validateApplication({ ...valid, termsAccepted: false, document: pdf(6 * 1024 * 1024) })?.message).toBe(
      'You must accept the LPCA terms to proceed',
    );
    expect(validateApplication({ ...valid, document: pdf(6 * 1024 * 1024) })?.message).toBe(
      'File is too large. Maximum size is 5MB',
    );
    expect(validateApplication({ ...valid, document: pdf(10, 'a.docx', 'application/msword') })?.message).toBe(
      'Invalid file type. Please upload a PDF, JPG, or PNG file',
    );
  });
});

describe('documentProblem', () => {
  it('allows 5 MB exactly and PDF, JPG, PNG', () => {
    expect(documentProblem(pdf(5 * 1024 * 1024))).toBeNull();
    expect(documentProblem(pdf(10, 'a.jpg', 'image/jpeg'))).toBeNull();
    expect(documentProblem(pdf(10, 'a.png', 'image/png'))).toBeNull();
    expect(documentProblem(pdf(5 * 1024 * 1024 + 1))).toBe('File is too large. Maximum size is 5MB');
    expect(documentProblem(pdf(10, 'a.gif', 'image/gif'))).toBe('Invalid file type. Please upload a PDF, JPG, or PNG file');
  });

  it('falls back to the extension when the browser declares no type', () => {
    expect(documentProblem(pdf(10, 'scan.PDF', ''))).toBeNull();
    expect(documentProblem(pdf(10, 'scan.heic', ''))).toBe('Invalid file type. Please upload a PDF, JPG, or PNG file');
  });
});

describe('applicationFormData', () => {
  it('sends the fields the API reads', () => {
    const form = applicationFormData(valid);
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'document'))).toEqual({
      bio: 'I inspect apartments.',
      expertise: 'Apartments, Cars',
      location: 'Brooklyn, New York',
      latitude: '40.67',
      longitude: '-73.94',
      lpca_terms_accepted: 'true',
    });
    expect(form.get('document')).toBeInstanceOf(File);
  });
});

describe('parseExpertise', () => {
  it('splits on commas, trims and drops empty entries', () => {
    expect(parseExpertise(' Apartments, , Vehicles ,Marketplace items,, ')).toEqual(['Apartments', 'Vehicles', 'Marketplace items']);
    expect(parseExpertise(' , ')).toEqual([]);
  });
});
