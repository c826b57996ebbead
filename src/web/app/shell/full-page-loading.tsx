import { shellMessages } from '@shared/messages/shell';

export function FullPageLoading() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] items-center justify-center gap-3 text-muted-foreground">
      <span className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />
      <span>{shellMessages.loading}</span>
    </div>
  );
}
