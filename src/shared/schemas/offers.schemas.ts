import { z } from 'zod';
import { OFFERS } from '../constants';
import { format } from '../format-message';
import { messages } from '../messages';
import { centsField, dollarsField, requiredText } from './common.schemas';

/**
 * Issue 51's counter-offers before a hire (all under /api; docs/decisions/0466):
 *   GET  /tasks/:id/applications/:appId/offers                     -> OffersResponse (the client, the applicant, admins)
 *   POST /tasks/:id/applications/:appId/offers                     ProposeOfferRequest -> OfferAnswer (the client)
 *   POST /tasks/:id/applications/:appId/offers/:offerId/counter    ProposeOfferRequest -> OfferAnswer (the party it waits for)
 *   POST /tasks/:id/applications/:appId/offers/:offerId/accept     -> OfferAnswer (the party it waits for)
 *   POST /tasks/:id/applications/:appId/offers/:offerId/decline    -> OfferAnswer (the party it waits for)
 *   POST /tasks/:id/applications/:appId/offers/:offerId/withdraw   -> OfferAnswer (the party who proposed it)
 */

const offersText = messages.offers;

const note = requiredText(1, OFFERS.noteMaxLength, offersText.noteRequired, format(offersText.noteTooLong, { max: OFFERS.noteMaxLength }));

/** A proposal or a counter: the rate in cents and a note. */
export const proposeOfferSchema = z.object({
  amount: centsField(offersText.amountRequired, offersText.amountInvalid),
  note,
});
export type ProposeOfferRequest = z.input<typeof proposeOfferSchema>;
export type ProposeOfferInput = z.output<typeof proposeOfferSchema>;

/** The dialog: the rate typed in dollars; the output is a ProposeOfferInput. */
export const offerFormSchema = z.object({
  amount: dollarsField(offersText.amountRequired, offersText.amountInvalid),
  note,
});
export type OfferFormValues = z.input<typeof offerFormSchema>;

export const OFFER_STATUS_VALUES = ['pending', 'accepted', 'declined', 'countered', 'withdrawn'] as const;
export const OFFER_PARTY_VALUES = ['client', 'expert'] as const;

export const offerDtoSchema = z.object({
  id: z.string(),
  application_id: z.string(),
  proposed_by: z.enum(OFFER_PARTY_VALUES),
  round: z.number().int(),
  amount: z.number().int(),
  previous_amount: z.number().int(),
  note: z.string(),
  status: z.enum(OFFER_STATUS_VALUES),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type OfferDto = z.infer<typeof offerDtoSchema>;

/** The history, oldest first, with what the asking party may do now. */
export const offersResponseSchema = z.object({
  offers: z.array(offerDtoSchema),
  /** The application's current rate (the agreed one once a proposal was accepted). */
  rate: z.number().int(),
  rounds_left: z.number().int(),
  /** The asking party's side on this application (null for an admin). */
  you: z.enum(OFFER_PARTY_VALUES).nullable(),
});
export type OffersResponse = z.infer<typeof offersResponseSchema>;

export const offerAnswerSchema = z.object({ offer: offerDtoSchema, rate: z.number().int(), message: z.string() });
export type OfferAnswer = z.infer<typeof offerAnswerSchema>;
