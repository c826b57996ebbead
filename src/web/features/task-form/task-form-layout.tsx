import type { ReactNode } from 'react';
import { ArrowLeft, Sparkles } from 'lucide-react';
import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';

const formText = messages.taskPages.form;

/** Back button, title ('New Task' or 'Edit Task'), the intro banner, then the form. */
export function TaskFormLayout({
  title,
  onBack,
  children,
}: {
  title: string;
  onBack: () => void;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {formText.back}
        </Button>
      </div>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <div className="flex gap-3 rounded-lg border border-info/30 bg-info/5 p-4 text-sm">
        <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-info" />
        <div className="space-y-1">
          <p className="font-medium">{formText.introTitle}</p>
          <p className="text-muted-foreground">{formText.intro}</p>
        </div>
      </div>
      <Card>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}
