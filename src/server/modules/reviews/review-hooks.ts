import type { Db } from '../../db/client';

/**
 * What a change of an expert's visible reviews sets off above the reviews module: the community trust
 * badge (modules/verification, which reads the reviews). Handed in by whoever builds the reviews'
 * services and jobs (app.ts, the money job runner), so that reviews import no module above them.
 */
export interface ReviewHooks {
  /** Inside the change's transaction, after the expert's running average has moved. */
  expertReviewsChanged(tx: Db, input: { expertId: string; now: Date }): Promise<unknown>;
}
