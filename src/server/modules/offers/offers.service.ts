import { OFFERS } from '@shared/constants';
import { formatUsd } from '@shared/domain/money';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { idSchema } from '@shared/schemas/common.schemas';
import type { OfferAnswer, OfferDto, OffersResponse, ProposeOfferInput } from '@shared/schemas/offers.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { NewNotification } from '../notifications/notifications.repository';
import { priceLimitError, priceLimitsOf } from '../tasks/price-limits';
import type { ApplicationRow } from '../tasks/task-details.repository';
import { loadVisibleTask } from '../tasks/task-access';
import { notify } from '../tasks/task-notifications';
import type { TaskRow } from '../tasks/tasks.repository';
import {
  decideOffer,
  findApplicationOfTask,
  insertOffer,
  listOffers,
  lockApplication,
  setApplicationRate,
  type OfferRow,
} from './offers.repository';

const offersText = messages.offers;
type Party = OfferRow['proposed_by'];
type Decision = 'accepted' | 'declined' | 'withdrawn';

const other = (party: Party): Party => (party === 'client' ? 'expert' : 'client');
const isUuid = (value: string) => idSchema.safeParse(value).success;

export function toOfferDto(row: OfferRow): OfferDto {
  return {
    id: row.id,
    application_id: row.application_id,
    proposed_by: row.proposed_by,
    round: row.round,
    amount: row.amount,
    previous_amount: row.previous_amount,
    note: row.note,
    status: row.status,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
  };
}

const roundsLeft = (offers: OfferRow[]) => Math.max(0, OFFERS.maxProposals - offers.length);

/**
 * Counter-offers before a hire (issue 51, docs/decisions/0466). The client proposes another rate on
 * a pending application; the party a proposal waits for accepts it (the application's rate becomes
 * it), declines it, or counters; the proposer may withdraw it. At most OFFERS.maxProposals proposals
 * per application in all. Every write locks the application's row first (lockApplication), so the
 * rules read inside the transaction hold against parallel answers and against a hire.
 */
export function createOffersService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** The task and application as the caller may see them, and the caller's side (null: an admin). */
  async function access(userId: string, taskId: string, applicationId: string) {
    const now = clock.now();
    const { actor, task } = await loadVisibleTask(db, userId, taskId, now);
    const application = isUuid(applicationId) ? await findApplicationOfTask(db, { taskId: task.id, applicationId }) : undefined;
    if (!application) throw notFound(messages.applications.notFound);
    const you: Party | null = task.client_id === userId ? 'client' : application.expert_id === userId ? 'expert' : null;
    // Another expert, or a client who is not this task's: as if the application did not exist.
    if (!you && !actor.isAdmin) throw notFound(messages.applications.notFound);
    return { now, task, application, you };
  }

  function recipient(task: TaskRow, application: ApplicationRow, party: Party): string {
    return party === 'client' ? task.client_id : application.expert_id;
  }

  function note(to: string, type: NewNotification['type'], title: string, message: string, task: TaskRow, offer: OfferRow): NewNotification {
    return { user_id: to, type, title, message, task_id: task.id, data: { task_id: task.id, application_id: offer.application_id, offer_id: offer.id, amount: offer.amount } };
  }

  async function assertAmount(amount: number): Promise<void> {
    const error = priceLimitError(amount, await priceLimitsOf(db), 'proposed_rate');
    if (error) throw badRequest(error, { amount: error });
  }

  /** Inside the transaction: the locked application, still open to proposals, and its offers. */
  async function lockedState(tx: Db, task: TaskRow, applicationId: string) {
    const application = await lockApplication(tx, { taskId: task.id, applicationId });
    if (!application || application.status !== 'pending' || task.status !== 'open') throw conflict(offersText.applicationNotOpen);
    return { application, offers: await listOffers(tx, application.id) };
  }

  async function list(userId: string, taskId: string, applicationId: string): Promise<OffersResponse> {
    const { application, you } = await access(userId, taskId, applicationId);
    const offers = await listOffers(db, application.id);
    return { offers: offers.map(toOfferDto), rate: application.proposed_rate, rounds_left: roundsLeft(offers), you };
  }

  /** A new proposal: the client's first (or after an answer), or a counter by the party it waited for. */
  async function propose(userId: string, taskId: string, applicationId: string, input: ProposeOfferInput, counterOf?: string): Promise<OfferAnswer> {
    const { now, task, you } = await access(userId, taskId, applicationId);
    if (!you) throw forbidden(offersText.onlyClientProposes);
    if (!counterOf && you !== 'client') throw forbidden(offersText.onlyClientProposes);
    await assertAmount(input.amount);
    const created = await db.transaction(async (tx) => {
      const { application, offers } = await lockedState(tx, task, applicationId);
      const pending = offers.find((offer) => offer.status === 'pending');
      if (counterOf) {
        if (!pending || pending.id !== counterOf) throw conflict(offersText.noPendingOffer);
        if (other(pending.proposed_by) !== you) throw forbidden(offersText.notYourTurn);
      } else if (pending) {
        throw conflict(offersText.offerPending);
      }
      if (offers.length >= OFFERS.maxProposals) throw conflict(format(offersText.maxRounds, { max: OFFERS.maxProposals }));
      if (input.amount === application.proposed_rate) throw badRequest(offersText.sameRate, { amount: offersText.sameRate });
      if (pending) await decideOffer(tx, { id: pending.id, status: 'countered', now });
      const offer = await insertOffer(tx, {
        application_id: application.id,
        task_id: task.id,
        proposed_by: you,
        round: offers.length + 1,
        amount: input.amount,
        previous_amount: application.proposed_rate,
        note: input.note,
        created_at: now,
      });
      const values = { amount: formatUsd(offer.amount), previous: formatUsd(application.proposed_rate), title: task.title, note: input.note };
      await notify(tx, [
        pending
          ? note(recipient(task, application, other(you)), 'offer_proposed', offersText.counteredTitle, format(offersText.counteredMessage, values), task, offer)
          : note(recipient(task, application, other(you)), 'offer_proposed', offersText.proposedTitle, format(offersText.proposedMessage, values), task, offer),
      ]);
      return { offer, rate: application.proposed_rate };
    });
    return { offer: toOfferDto(created.offer), rate: created.rate, message: counterOf ? offersText.countered : offersText.proposed };
  }

  /** Accept or decline (the party it waits for), or withdraw (its proposer). */
  async function decide(userId: string, taskId: string, applicationId: string, offerId: string, decision: Decision): Promise<OfferAnswer> {
    const { now, task, you } = await access(userId, taskId, applicationId);
    if (!you) throw forbidden(offersText.notYourTurn);
    const result = await db.transaction(async (tx) => {
      const { application, offers } = await lockedState(tx, task, applicationId);
      const offer = offers.find((row) => row.id === offerId);
      if (!offer || offer.status !== 'pending') throw conflict(offersText.noPendingOffer);
      if (decision === 'withdrawn' ? offer.proposed_by !== you : other(offer.proposed_by) !== you) {
        throw forbidden(decision === 'withdrawn' ? offersText.notProposer : offersText.notYourTurn);
      }
      const decided = await decideOffer(tx, { id: offer.id, status: decision, now });
      if (!decided) throw conflict(offersText.noPendingOffer);
      let rate = application.proposed_rate;
      if (decision === 'accepted') {
        const updated = await setApplicationRate(tx, { applicationId: application.id, rate: offer.amount, now });
        if (!updated) throw conflict(offersText.applicationNotOpen);
        rate = updated.proposed_rate;
      }
      const values = { amount: formatUsd(offer.amount), title: task.title };
      const texts = {
        accepted: ['offer_accepted', offersText.acceptedTitle, offersText.acceptedMessage],
        declined: ['offer_declined', offersText.declinedTitle, offersText.declinedMessage],
        withdrawn: ['offer_declined', offersText.withdrawnTitle, offersText.withdrawnMessage],
      } as const;
      const [type, title, text] = texts[decision];
      // An answer is news for the proposer; a withdrawal for the party it waited for.
      const to = decision === 'withdrawn' ? other(offer.proposed_by) : offer.proposed_by;
      await notify(tx, [note(recipient(task, application, to), type, title, format(text, values), task, decided)]);
      return { offer: decided, rate };
    });
    const answers = {
      accepted: format(offersText.accepted, { amount: formatUsd(result.rate) }),
      declined: format(offersText.declined, { amount: formatUsd(result.rate) }),
      withdrawn: offersText.withdrawn,
    };
    return { offer: toOfferDto(result.offer), rate: result.rate, message: answers[decision] };
  }

  return {
    list,
    propose: (userId: string, taskId: string, applicationId: string, input: ProposeOfferInput) => propose(userId, taskId, applicationId, input),
    counter: (userId: string, taskId: string, applicationId: string, offerId: string, input: ProposeOfferInput) =>
      propose(userId, taskId, applicationId, input, offerId),
    accept: (userId: string, taskId: string, applicationId: string, offerId: string) => decide(userId, taskId, applicationId, offerId, 'accepted'),
    decline: (userId: string, taskId: string, applicationId: string, offerId: string) => decide(userId, taskId, applicationId, offerId, 'declined'),
    withdraw: (userId: string, taskId: string, applicationId: string, offerId: string) => decide(userId, taskId, applicationId, offerId, 'withdrawn'),
  };
}
