import { formatUsd } from '@shared/domain/money';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { OfferAnswer, OfferDto, ProposeOfferInput } from '@shared/schemas/offers.schemas';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { api } from '@web/lib/api';
import { failureText, useTaskAction } from '../task-query';
import { OfferDialog } from './offer-dialog';
import { offersPath, useOffers } from './offers-api';

const offersText = messages.offers;

const STATUS_TEXT: Record<OfferDto['status'], string> = {
  pending: offersText.statusPending,
  accepted: offersText.statusAccepted,
  declined: offersText.statusDeclined,
  countered: offersText.statusCountered,
  withdrawn: offersText.statusWithdrawn,
};

export interface OffersPanelProps {
  taskId: string;
  applicationId: string;
  /** Whether the application still takes proposals (pending, on an open task). */
  open: boolean;
}

/**
 * The rate proposals on one application (issue 51, decision 0466): the history for both parties, and
 * what the caller may do now. The server decides; the buttons only follow its answer (`you`).
 */
export function OffersPanel({ taskId, applicationId, open }: OffersPanelProps) {
  const query = useOffers(taskId, applicationId);
  const act = useTaskAction<{ path: string; body?: ProposeOfferInput }, OfferAnswer>({
    taskId,
    run: ({ path, body }) => api.post<OfferAnswer>(offersPath(taskId, applicationId, path), body),
    success: (answer) => answer.message,
    failure: (error) => failureText(error, offersText.noPendingOffer),
  });
  const data = query.data;
  if (!data) return null;
  const { offers, you, rounds_left: roundsLeft } = data;
  if (offers.length === 0 && !(open && you === 'client')) return null;
  const pending = offers.find((offer) => offer.status === 'pending');
  const waitsForYou = pending && you !== null && pending.proposed_by !== you;
  const yours = pending && you !== null && pending.proposed_by === you;
  const busy = act.isPending;
  const run = (path: string) => act.mutate({ path });

  return (
    <section className="space-y-2 rounded-md border p-3 text-sm" aria-label={offersText.historyTitle} data-testid="offers-panel">
      {offers.length > 0 ? (
        <>
          <h3 className="font-medium">{offersText.historyTitle}</h3>
          <ol className="space-y-1">
            {offers.map((offer) => (
              <li key={offer.id} className="flex flex-wrap items-center gap-2" data-testid="offer">
                <span className="text-muted-foreground">{offer.proposed_by === 'client' ? offersText.byClient : offersText.byExpert}:</span>
                <span className="font-semibold tabular-nums">{formatUsd(offer.amount)}</span>
                <Badge variant={offer.status === 'pending' ? 'secondary' : 'outline'}>{STATUS_TEXT[offer.status]}</Badge>
                <span className="w-full whitespace-pre-wrap text-muted-foreground">{offer.note}</span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {open ? (
        <div className="flex flex-wrap items-center gap-2">
          {waitsForYou ? (
            <>
              <Button size="sm" disabled={busy} onClick={() => run(`/${pending.id}/accept`)}>
                {offersText.acceptButton}
              </Button>
              <Button size="sm" variant="outline" disabled={busy} onClick={() => run(`/${pending.id}/decline`)}>
                {offersText.declineButton}
              </Button>
              {roundsLeft > 0 ? (
                <OfferDialog
                  label={offersText.counterButton}
                  title={offersText.counterDialogTitle}
                  disabled={busy}
                  onSubmit={(body) => act.mutateAsync({ path: `/${pending.id}/counter`, body })}
                />
              ) : null}
            </>
          ) : null}
          {yours ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => run(`/${pending.id}/withdraw`)}>
              {offersText.withdrawButton}
            </Button>
          ) : null}
          {!pending && you === 'client' && roundsLeft > 0 ? (
            <OfferDialog
              label={offersText.proposeButton}
              title={offersText.dialogTitle}
              disabled={busy}
              onSubmit={(body) => act.mutateAsync({ path: '', body })}
            />
          ) : null}
          {offers.length > 0 ? <span className="text-muted-foreground">{format(offersText.roundsLeft, { count: roundsLeft })}</span> : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * The client's Assign for one application: while a rate proposal waits for an answer the hire is
 * refused (decision 0466), so the button says why instead of failing after the click.
 */
export function AssignButton(props: { taskId: string; applicationId: string; disabled: boolean; label: string; onAssign: () => void }) {
  const query = useOffers(props.taskId, props.applicationId);
  const waiting = Boolean(query.data?.offers.some((offer) => offer.status === 'pending'));
  const hintId = `assign-hint-${props.applicationId}`;
  return (
    <>
      <Button disabled={props.disabled || waiting} onClick={props.onAssign} aria-describedby={waiting ? hintId : undefined}>
        {props.label}
      </Button>
      {waiting ? (
        <p id={hintId} className="order-last basis-full text-xs text-muted-foreground">
          {offersText.hireWhileOfferPending}
        </p>
      ) : null}
    </>
  );
}
