import { useState } from 'react';
import { useNavigate } from '@web/lib/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Briefcase, ClipboardCheck } from 'lucide-react';
import { BRAND_NAME } from '@shared/brand';
import { messages } from '@shared/messages';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Button } from '@web/components/ui/button';
import { api } from '@web/lib/api';
import { meQueryKey } from '@web/lib/session';

type Role = 'client' | 'expert';

/** Shown, and not dismissible, until the user picks a role. */
export function RoleSelectionDialog() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [saving, setSaving] = useState<Role | null>(null);

  const choose = async (role: Role) => {
    setSaving(role);
    try {
      await api.post('/api/me/onboarding', { role });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      navigate(role === 'client' ? '/dashboard' : '/expert-verification', { replace: true });
    } catch {
      toast.error(messages.onboarding.failed);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Dialog open>
      <DialogContent preventClose>
        <DialogHeader>
          <DialogTitle>{`How will you use ${BRAND_NAME}?`}</DialogTitle>
          <DialogDescription>{messages.onboarding.roleChangeLater}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 sm:grid-cols-2">
          <Button
            variant="outline"
            className="h-auto flex-col items-start gap-2 p-4 text-left whitespace-normal"
            disabled={saving !== null}
            onClick={() => choose('client')}
          >
            <ClipboardCheck aria-hidden="true" />
            <span className="font-semibold">I need a task done</span>
            <span className="text-sm font-normal text-muted-foreground">
              Post remote inspections and hire a verified local expert.
            </span>
          </Button>
          <Button
            variant="outline"
            className="h-auto flex-col items-start gap-2 p-4 text-left whitespace-normal"
            disabled={saving !== null}
            onClick={() => choose('expert')}
          >
            <Briefcase aria-hidden="true" />
            <span className="font-semibold">I want to be an expert</span>
            <span className="text-sm font-normal text-muted-foreground">
              Apply to local tasks and get paid for remote inspections.
            </span>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
