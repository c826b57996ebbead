import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HandCoins } from 'lucide-react';
import { formatUsd, parseDollarsToCents } from '@shared/domain/money';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { TIP, TIP_PERCENTS } from '@shared/domain/tips';
import type { TaskTipDto, TipDto } from '@shared/schemas/tips.schemas';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { api, errorMessage } from '@web/lib/api';

const text = messages.earnings;
type Choice = (typeof TIP_PERCENTS)[number] | 'custom';

const tipQueryKey = (taskId: string) => ['tasks', taskId, 'tip'];
const newKey = () => `tip-${crypto.randomUUID()}`;
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric' });

/**
 * The client's tip after confirmation (issue 51, decision 0471): 10, 15 or 20% of the price or a
 * custom amount, for 7 days. One request key per attempt, so a double click makes one tip.
 */
export function TipPanel({ taskId, expertName }: { taskId: string; expertName: string }) {
  const queryClient = useQueryClient();
  const tip = useQuery({
    queryKey: tipQueryKey(taskId),
    queryFn: () => api.get<TaskTipDto>(`/api/tasks/${taskId}/tip`),
  });
  const [choice, setChoice] = useState<Choice>(15);
  const [custom, setCustom] = useState('');
  const [key, setKey] = useState(newKey);
  const add = useMutation({
    mutationFn: (body: { percent?: number; amount_cents?: number; idempotency_key: string }) =>
      api.post<{ tip: TipDto }>(`/api/tasks/${taskId}/tips`, body),
    onSettled: () => {
      // A failed or refused attempt is over: the next one is a new tip.
      setKey(newKey());
      void queryClient.invalidateQueries({ queryKey: tipQueryKey(taskId) });
    },
  });

  if (!tip.data) return null;
  const { tip: current, can_tip: canTip, tip_until: until, price_cents: price } = tip.data;
  if (!canTip && !current) return null;

  const customCents = parseDollarsToCents(custom);
  const amount = choice === 'custom' ? customCents : Math.round((price * choice) / 100);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount === null || amount < TIP.minCents) return;
    add.mutate(
      choice === 'custom'
        ? { amount_cents: amount, idempotency_key: key }
        : { percent: choice, idempotency_key: key },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2 text-lg">
            <HandCoins aria-hidden="true" className="size-5" />
            {text.tipTitle}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {current?.status === 'succeeded' && (
          <p role="status">
            {format(text.tipAdded, { amount: formatUsd(current.amount_cents), name: expertName })}
          </p>
        )}
        {current?.status === 'pending' && (
          <p role="status">{format(text.tipPending, { amount: formatUsd(current.amount_cents) })}</p>
        )}
        {(current?.status === 'failed' || current?.status === 'requires_action') && (
          <Alert variant="destructive">
            <AlertDescription>
              {format(text.tipFailed, { reason: current.failure_message ?? '' })}
            </AlertDescription>
          </Alert>
        )}
        {add.isError && (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(add.error, text.tipAmountRequired)}</AlertDescription>
          </Alert>
        )}
        {canTip && (
          <form onSubmit={submit} className="space-y-4">
            {until && (
              <p className="text-sm text-muted-foreground">
                {format(text.tipIntro, { name: expertName, until: day(until) })}
              </p>
            )}
            <fieldset className="flex flex-wrap gap-2">
              <legend className="sr-only">{text.tipTitle}</legend>
              {[...TIP_PERCENTS, 'custom' as const].map((option) => (
                <label
                  key={option}
                  className="cursor-pointer rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                >
                  <input
                    type="radio"
                    name={`tip-${taskId}`}
                    value={option}
                    checked={choice === option}
                    onChange={() => setChoice(option)}
                    className="sr-only"
                  />
                  {option === 'custom'
                    ? text.tipCustom
                    : format(text.tipPercent, {
                        percent: String(option),
                        amount: formatUsd(Math.round((price * option) / 100)),
                      })}
                </label>
              ))}
            </fieldset>
            {choice === 'custom' && (
              <div className="grid max-w-xs gap-2">
                <Label htmlFor={`tip-amount-${taskId}`}>{text.tipCustomLabel}</Label>
                <Input
                  id={`tip-amount-${taskId}`}
                  inputMode="decimal"
                  value={custom}
                  onChange={(event) => setCustom(event.target.value)}
                  placeholder="10.00"
                />
              </div>
            )}
            <Button type="submit" disabled={add.isPending || amount === null || amount < TIP.minCents}>
              {add.isPending
                ? text.tipSending
                : format(text.tipSubmit, { amount: amount === null ? '$0.00' : formatUsd(amount) })}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
