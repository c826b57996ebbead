import { z } from 'zod';
import { EXPERT_DOCUMENT } from '@shared/constants';
import { messages } from '@shared/messages';
import {
  expertApplicationFieldsSchema,
  isTermsAccepted,
  type MyExpertProfileDto,
} from '@shared/schemas/expert-onboarding.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { checkUpload } from '../../lib/file-checks';
import { validate } from '../../http/validation';
import { storageKey, type FileStorage, type StoredFile } from '../../providers/storage';
import { rolesOf } from '../profiles/profiles.repository';
import { findExpertProfile, saveExpertApplication } from './experts.repository';
import { toMyExpertProfileDto } from './experts.dto';
import { readMyExpertProfile } from './my-expert-read';

const userIdSchema = z.uuid();

/** The multipart field names of the Become a Local Expert form. */
export const APPLICATION_FIELDS = {
  document: 'document',
  terms: 'lpca_terms_accepted',
} as const;

export interface ExpertsServiceDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}

export function createExpertsService({ db, clock, storage }: ExpertsServiceDeps) {
  return {
    async mine(userId: string): Promise<MyExpertProfileDto | null> {
      // One prepared statement over the primary key (docs/decisions/0101).
      const row = await readMyExpertProfile(db, userId);
      return row ? toMyExpertProfileDto(row) : null;
    },

    /**
     * Saves the Become a Local Expert application. Checks run in the form's order (fields, document,
     * terms, size, type), each with the spec's text. An expert whose payment onboarding is already
     * complete has nothing to apply for: that is the spec's "duplicate profile" (409). Anyone else,
     * including an expert who saved the form before but did not finish onboarding, may (re)submit.
     */
    async submitApplication(userId: string, form: FormData): Promise<MyExpertProfileDto> {
      if (!userIdSchema.safeParse(userId).success) throw badRequest(messages.expert.invalidUserId);
      const fields = validate(expertApplicationFieldsSchema, {
        bio: textOf(form, 'bio'),
        expertise: textOf(form, 'expertise'),
        location: textOf(form, 'location'),
        latitude: textOf(form, 'latitude'),
        longitude: textOf(form, 'longitude'),
      });
      const document = form.get(APPLICATION_FIELDS.document);
      if (!(document instanceof File) || document.size === 0) throw badRequest(messages.expert.documentRequired);
      if (!isTermsAccepted(form.get(APPLICATION_FIELDS.terms))) throw badRequest(messages.expert.termsRequired);
      if (document.size > EXPERT_DOCUMENT.maxBytes) {
        throw new AppError('payload_too_large', messages.expert.documentTooLarge);
      }
      const bytes = new Uint8Array(await document.arrayBuffer());
      const check = checkUpload(bytes, document.name, {
        allowed: EXPERT_DOCUMENT.allowedTypes,
        maxBytes: EXPERT_DOCUMENT.maxBytes,
      });
      if (!check.ok) {
        throw check.reason === 'too_large'
          ? new AppError('payload_too_large', messages.expert.documentTooLarge)
          : new AppError('unsupported_media_type', messages.expert.documentTypeInvalid);
      }

      const existing = await findExpertProfile(db, userId);
      if (existing?.stripe_onboarding_completed) throw conflict(messages.expert.duplicateProfile);

      const now = clock.now();
      const key = storageKey(EXPERT_DOCUMENT.bucket, userId, check.fileName, now);
      await storage.put(key, bytes, { contentType: check.contentType });
      let saved;
      try {
        saved = await saveExpertApplication(db, userId, { ...fields, document_url: key }, now);
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw new AppError('internal', messages.expert.submitFailed, { details: error });
      }
      // The replaced document is no longer referenced; losing this clean-up only leaves a stray private file.
      if (saved.previousDocument) await storage.delete(saved.previousDocument).catch(() => undefined);
      return toMyExpertProfileDto(saved.row);
    },

    /** The private identity document: only its owner and admins may read it. */
    async document(viewerId: string, expertId: string): Promise<StoredFile & { fileName: string }> {
      if (!userIdSchema.safeParse(expertId).success) throw notFound(messages.expert.documentNotFound);
      if (viewerId !== expertId && !(await rolesOf(db, viewerId)).isAdmin) {
        throw forbidden(messages.expert.documentForbidden);
      }
      const row = await findExpertProfile(db, expertId);
      if (!row?.document_url) throw notFound(messages.expert.documentNotFound);
      const file = await storage.get(row.document_url);
      if (!file) throw notFound(messages.expert.documentNotFound);
      return { ...file, fileName: row.document_url.split('/').pop() ?? 'document' };
    },
  };
}

export type ExpertsService = ReturnType<typeof createExpertsService>;

function textOf(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
}
