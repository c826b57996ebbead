import { EXPERT_DOCUMENT } from '@shared/constants';
import type { LocationResult } from '@shared/domain/cities';
import { messages } from '@shared/messages';
import { expertApplicationFieldsSchema } from '@shared/schemas/expert-onboarding.schemas';

/** The location the picker hands over: { name, lat, lng, address, country, region }. */
export type PickedLocation = LocationResult;

export interface ApplicationValues {
  bio: string;
  expertise: string;
  location: PickedLocation | null;
  document: File | null;
  termsAccepted: boolean;
}

export type ApplicationField = 'bio' | 'expertise' | 'location' | 'document' | 'terms';

export interface ApplicationProblem {
  field: ApplicationField;
  message: string;
}

const EXTENSION_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/**
 * The document's type as the browser declares it, or from its extension when the browser gives none.
 * Only a first check for quick feedback: the server decides by the file's content.
 */
function declaredType(file: File): string {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? '';
}

/** The location text saved on the profile: what the picker shows (its address line, else the name). */
export const locationText = (location: PickedLocation | null) => (location ? location.address || location.name : '');

/** Size (5 MB) and type (PDF, JPG, PNG) of a chosen document, with the spec's texts. */
export function documentProblem(file: File): string | null {
  if (file.size > EXPERT_DOCUMENT.maxBytes) return messages.expert.documentTooLarge;
  if (!(EXPERT_DOCUMENT.allowedTypes as readonly string[]).includes(declaredType(file))) {
    return messages.expert.documentTypeInvalid;
  }
  return null;
}

/**
 * The form's checks in the spec's order: the fields and a location with coordinates, then the
 * document, then the terms, then the document's size and type. Returns the first problem.
 */
export function validateApplication(values: ApplicationValues): ApplicationProblem | null {
  const fields = expertApplicationFieldsSchema.safeParse({
    bio: values.bio,
    expertise: values.expertise,
    location: locationText(values.location),
    latitude: values.location ? String(values.location.lat) : '',
    longitude: values.location ? String(values.location.lng) : '',
  });
  if (!fields.success) {
    const issue = fields.error.issues[0];
    const path = String(issue?.path[0] ?? 'bio');
    const field: ApplicationField = path === 'bio' || path === 'expertise' ? path : 'location';
    return { field, message: issue?.message ?? messages.expert.requiredFields };
  }
  if (!values.document) return { field: 'document', message: messages.expert.documentRequired };
  if (!values.termsAccepted) return { field: 'terms', message: messages.expert.termsRequired };
  const problem = documentProblem(values.document);
  return problem ? { field: 'document', message: problem } : null;
}

/** The multipart body POST /api/experts/application expects. */
export function applicationFormData(values: ApplicationValues): FormData {
  const form = new FormData();
  form.set('bio', values.bio.trim());
  form.set('expertise', values.expertise);
  form.set('location', locationText(values.location));
  form.set('latitude', values.location ? String(values.location.lat) : '');
  form.set('longitude', values.location ? String(values.location.lng) : '');
  form.set('lpca_terms_accepted', values.termsAccepted ? 'true' : 'false');
  if (values.document) form.set('document', values.document);
  return form;
}
