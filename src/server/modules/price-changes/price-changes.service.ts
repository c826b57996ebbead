import { and, eq } from 'drizzle-orm';
import { formatUsd } from '@shared/domain/money';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { idSchema } from '@shared/schemas/common.schemas';
import type { PriceChangeAnswer, PriceChangeDto, PriceChangesResponse, ProposePriceChangeInput } from '@shared/schemas/price-changes.schemas';
import { tasks } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { NewNotification } from '../notifications/notifications.repository';
import { priceLimitError, priceLimitsOf } from '../tasks/price-limits';
import { loadVisibleTask } from '../tasks/task-access';
import { notify } from '../tasks/task-notifications';
import { updateTaskIf, type TaskRow } from '../tasks/tasks.repository';
import { enqueuePriceChangeHold, holdIncrease, type PriceChangeHoldDeps } from './price-change-hold';
import { decidePriceChange, findPriceChange, insertPriceChange, listPriceChanges, type PriceChangeRow } from './price-changes.repository';

const text = messages.priceChanges;
type Party = 'client' | 'expert';

/** Hired, not yet delivered, with the card's hold in place: the states a price may change in. */
const CHANGEABLE = ['assigned', 'in_progress'] as const;
const isChangeable = (task: TaskRow) => (CHANGEABLE as readonly string[]).includes(task.status) && task.payment_status === 'authorized';

export function toPriceChangeDto(row: PriceChangeRow): PriceChangeDto {
  return {
    id: row.id,
    proposed_by: row.proposed_by,
    previous_amount: row.previous_amount,
    amount: row.amount,
    reason: row.reason,
    status: row.status,
    authorization: row.authorization,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
  };
}

/**
 * Price changes after the hire (issue 51, docs/decisions/0467). Either party proposes a new price
 * with a reason; the other party approves or declines (so an increase always has the client's
 * consent and a decrease the expert's). An approved price is the task's budget: an increase is held
 * by the money job written with the approval (price-change-hold.ts), a decrease is captured
 * partially at confirmation (payments/task-payments.ts).
 */
export function createPriceChangesService(deps: PriceChangeHoldDeps) {
  const { db, clock } = deps;

  async function access(userId: string, taskId: string) {
    const now = clock.now();
    const { actor, task } = await loadVisibleTask(db, userId, taskId, now);
    const you: Party | null = task.client_id === userId ? 'client' : task.expert_id !== null && task.expert_id === userId ? 'expert' : null;
    if (!you && !actor.isAdmin) throw notFound(messages.tasks.notFound);
    return { now, task, you };
  }

  const partyId = (task: TaskRow, party: Party) => (party === 'client' ? task.client_id : task.expert_id);
  const other = (party: Party): Party => (party === 'client' ? 'expert' : 'client');
  const note = (to: string | null, type: NewNotification['type'], title: string, message: string, task: TaskRow, change: PriceChangeRow): NewNotification | null =>
    to ? { user_id: to, type, title, message, task_id: task.id, data: { task_id: task.id, price_change_id: change.id, amount: change.amount } } : null;

  async function list(userId: string, taskId: string): Promise<PriceChangesResponse> {
    const { task, you } = await access(userId, taskId);
    const changes = await listPriceChanges(db, task.id);
    const blocked = changes.some((change) => change.status === 'pending' || change.authorization === 'second_hold' || change.authorization === 'pending');
    return { changes: changes.map(toPriceChangeDto), price: task.budget, you, can_propose: you !== null && isChangeable(task) && !blocked };
  }

  async function propose(userId: string, taskId: string, input: ProposePriceChangeInput): Promise<PriceChangeAnswer> {
    const { now, task, you } = await access(userId, taskId);
    if (!you) throw forbidden(text.onlyParties);
    if (!isChangeable(task)) throw conflict(text.notChangeable);
    const limit = priceLimitError(input.amount, await priceLimitsOf(db), 'budget');
    if (limit) throw badRequest(limit, { amount: limit });
    if (input.amount === task.budget) throw badRequest(text.samePrice, { amount: text.samePrice });
    const changes = await listPriceChanges(db, task.id);
    // A second hold ties the capture to two intents; one more change on top is not supported (decision 0467).
    if (changes.some((change) => change.authorization === 'second_hold' || change.authorization === 'pending')) throw conflict(text.secondHoldExists);
    const created = await db.transaction(async (tx) => {
      const row = await insertPriceChange(tx, { task_id: task.id, proposed_by: you, proposer_id: userId, previous_amount: task.budget, amount: input.amount, reason: input.reason, created_at: now });
      if (!row) return undefined;
      const values = { amount: formatUsd(row.amount), previous: formatUsd(row.previous_amount), title: task.title, reason: input.reason };
      await notify(tx, [note(partyId(task, other(you)), 'price_change_proposed', text.proposedTitle, format(text.proposedMessage, values), task, row)]);
      return row;
    });
    if (!created) throw conflict(text.changePending);
    return { change: toPriceChangeDto(created), price: task.budget, message: text.proposed };
  }

  async function decide(userId: string, taskId: string, changeId: string, decision: 'approved' | 'declined'): Promise<PriceChangeAnswer> {
    const { now, task, you } = await access(userId, taskId);
    const change = idSchema.safeParse(changeId).success ? await findPriceChange(db, changeId) : undefined;
    if (!change || change.task_id !== task.id || change.status !== 'pending') throw conflict(text.noPendingChange);
    if (!you || you === change.proposed_by) throw forbidden(text.notYourTurn);
    const increase = change.amount > change.previous_amount;
    const result = await db.transaction(async (tx) => {
      const decided = await decidePriceChange(tx, {
        id: change.id,
        status: decision,
        now,
        authorization: decision === 'approved' && increase ? 'pending' : null,
        intentId: decision === 'approved' ? task.stripe_payment_intent_id : null,
      });
      // A parallel answer won: nothing more to write.
      if (!decided) throw conflict(text.noPendingChange);
      let current = task;
      if (decision === 'approved') {
        // The price moves only from the one proposed against, while the task may still change it.
        const moved = await updateTaskIf(
          tx,
          { id: task.id, from: CHANGEABLE, extra: and(eq(tasks.budget, change.previous_amount), eq(tasks.payment_status, 'authorized')) },
          { budget: change.amount, updated_at: now },
        );
        if (!moved) throw conflict(text.notChangeable);
        current = moved;
        if (increase) await enqueuePriceChangeHold(tx, { changeId: change.id, now });
      }
      const values = { amount: formatUsd(change.amount), title: task.title };
      await notify(tx, [
        decision === 'approved'
          ? note(partyId(task, change.proposed_by), 'price_change_approved', text.approvedTitle, format(text.approvedMessage, values), task, decided)
          : note(partyId(task, change.proposed_by), 'price_change_declined', text.declinedTitle, format(text.declinedMessage, values), task, decided),
      ]);
      return { decided, price: current.budget };
    });
    let settled = result.decided;
    // The request holds the increase at once for a quick answer; the job written above makes sure of it.
    if (decision === 'approved' && increase) settled = (await holdIncrease(deps, change.id).catch(() => undefined)) ?? (await findPriceChange(db, change.id)) ?? settled;
    const price = settled.authorization === 'failed' ? change.previous_amount : result.price;
    const message =
      decision === 'declined'
        ? format(text.declined, { amount: formatUsd(result.price) })
        : format(increase ? text.approvedIncrease : text.approvedDecrease, { amount: formatUsd(change.amount) });
    return { change: toPriceChangeDto(settled), price, message };
  }

  return {
    list,
    propose,
    approve: (userId: string, taskId: string, changeId: string) => decide(userId, taskId, changeId, 'approved'),
    decline: (userId: string, taskId: string, changeId: string) => decide(userId, taskId, changeId, 'declined'),
  };
}
