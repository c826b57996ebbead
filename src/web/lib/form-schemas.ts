/**
 * The zod schemas the task page's forms check before they send, in one module that the forms load
 * on submit (`loadFormSchemas()`, ./load-form-schemas.ts) rather than with the page. Zod and the
 * schemas it builds took 130-150 ms of the task page chunk's evaluation under a 4x CPU slowdown,
 * for forms most viewers never open (decision 0407). After the first submit the module is in memory
 * and the import resolves at once.
 */
export { fieldErrors } from '@shared/schemas/common.schemas';
export { overrideReasonSchema } from '@shared/schemas/admin-overrides.schemas';
export { applicationFormSchema } from '@shared/schemas/applications.schemas';
export { clientReportSchema } from '@shared/schemas/client-reports.schemas';
export { rejectEvidenceSchema } from '@shared/schemas/disputes.schemas';
export { submitEvidenceSchema } from '@shared/schemas/evidence.schemas';
export { createReviewSchema } from '@shared/schemas/reviews.schemas';
export { requestChangesSchema, requestExtensionSchema } from '@shared/schemas/evidence-changes.schemas';
export { offerFormSchema } from '@shared/schemas/offers.schemas';
export { priceChangeFormSchema } from '@shared/schemas/price-changes.schemas';
