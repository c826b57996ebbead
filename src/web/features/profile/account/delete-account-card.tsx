import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { accountControlMessages as texts } from '@shared/messages/account-control';
import { firstUserMessages as confirmTexts } from '@shared/messages/first-user';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { PasswordInput } from '@web/components/ui/password-input';
import { api, ApiError } from '@web/lib/api';
import { useNavigate } from '@web/lib/navigation';

/**
 * Delete my account: what happens, the password, a confirmation dialog that asks once more (issue 52),
 * and the refusal's reason when money is in flight.
 */
export function DeleteAccountCard() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) setConfirming(true);
  };

  const deleteAccount = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.post('/api/account/delete', { password });
      queryClient.clear();
      toast.success(texts.accountDeleted);
      navigate('/', { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : texts.wrongPassword);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Delete my account</h2>
        </CardTitle>
        <CardDescription>This cannot be undone.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>Your name, email, photo, phone number and expert details are erased, and your files are removed.</li>
          <li>You are signed out everywhere and cannot sign in again.</li>
          <li>Payments, reviews and messages stay for the other party and for accounting, shown as from “Deleted user”.</li>
          <li>While a payment is held, a dispute is open or a payment is not yet paid out (7 days after it is captured), deletion waits until it is settled.</li>
        </ul>
        {error ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        <form className="space-y-4" noValidate onSubmit={submit}>
          <Field id="delete-account-password" label="Password to confirm">
            <PasswordInput id="delete-account-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <Button type="submit" variant="destructive" disabled={busy || !password}>
            Delete my account
          </Button>
        </form>
        <AlertDialog open={confirming} onOpenChange={(next) => !busy && setConfirming(next)}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{confirmTexts.deleteConfirmTitle}</AlertDialogTitle>
              <AlertDialogDescription>{confirmTexts.deleteConfirmText}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={busy}>{confirmTexts.deleteKeep}</AlertDialogCancel>
              {/* A plain button so the dialog stays open while the deletion runs. */}
              <Button variant="destructive" disabled={busy} onClick={() => void deleteAccount()}>
                {busy ? confirmTexts.deleting : confirmTexts.deleteConfirm}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
