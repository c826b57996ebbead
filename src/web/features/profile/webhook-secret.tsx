import { useId, useState } from 'react';
import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';

const text = messages.webhooks;

/**
 * A signing secret shown once (issue 54), like a new API key: a read-only field with Copy, then Done.
 * The server keeps it for signing only and never answers with it again.
 */
export function SecretOnce({
  secret,
  hint,
  onDone,
  level = 3,
}: {
  secret: string;
  hint?: string;
  onDone: () => void;
  /** The heading's level where the block stands (headings stay in order). */
  level?: 2 | 3;
}) {
  const titleId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const [copied, setCopied] = useState(false);
  return (
    <section aria-labelledby={titleId} className="space-y-2 rounded-md border p-3">
      <Heading id={titleId} className="font-medium">
        {text.secretTitle}
      </Heading>
      <p className="text-sm text-muted-foreground">{text.secretHint}</p>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      <div className="flex gap-2">
        <Input readOnly value={secret} aria-labelledby={titleId} className="min-w-0 font-mono" onFocus={(e) => e.currentTarget.select()} />
        <Button
          type="button"
          variant="outline"
          onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true), () => undefined)}
        >
          {copied ? text.copied : text.copy}
        </Button>
      </div>
      <Button type="button" variant="ghost" onClick={onDone}>
        {text.done}
      </Button>
    </section>
  );
}
