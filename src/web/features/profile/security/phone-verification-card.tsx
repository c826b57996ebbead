import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Smartphone } from 'lucide-react';
import { toast } from 'sonner';
import { formatE164ForDisplay } from '@shared/domain/phone';
import { messages } from '@shared/messages';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { CodeVerifyStep } from './code-verify-step';
import { PhoneInputStep } from './phone-input-step';
import { failureText, phoneVerificationQuery, usePhoneVerificationMutations } from './phone-verification-api';

const phoneText = messages.phone;

type Step = 'input' | 'verify';

/**
 * The Security tab's phone verification: unverified (input step), code sent (verify step with the
 * 60 s resend countdown), verified. The server's state decides where it starts.
 */
export function PhoneVerificationCard() {
  const status = useQuery(phoneVerificationQuery);
  const { send, verify } = usePhoneVerificationMutations();
  // null until the user moves between steps: the server's state picks the first one.
  const [chosenStep, setChosenStep] = useState<Step | null>(null);

  const data = status.data;
  const step: Step = chosenStep ?? (data?.code_pending ? 'verify' : 'input');
  // The countdown runs from when the status was read, so a reload resumes it where it was.
  const resendAt =
    data && data.resend_in_seconds > 0 ? status.dataUpdatedAt + data.resend_in_seconds * 1000 : null;

  function sendCode(phoneNumber: string, isResend: boolean) {
    send.mutate(phoneNumber, {
      onSuccess: (result) => {
        toast.success(result.message);
        setChosenStep('verify');
      },
      onError: (error) => toast.error(failureText(error, isResend ? phoneText.resendFailed : phoneText.sendFailed)),
    });
  }

  async function verifyCode(code: string): Promise<boolean> {
    try {
      const result = await verify.mutateAsync(code);
      toast.success(result.message);
      return true;
    } catch (error) {
      toast.error(failureText(error, phoneText.updateStatusFailed));
      return false;
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            <Smartphone className="size-5" aria-hidden="true" />
            {phoneText.cardTitle}
          </h2>
        </CardTitle>
        <CardDescription>{phoneText.cardDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <Spinner />
        ) : !data ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {phoneText.loadFailed}
              <Button size="sm" variant="outline" onClick={() => void status.refetch()}>
                {phoneText.retry}
              </Button>
            </AlertDescription>
          </Alert>
        ) : data.is_verified && data.phone_number ? (
          <div className="flex items-center gap-3" data-testid="phone-verified">
            <CheckCircle2 className="size-6 text-success" aria-hidden="true" />
            <div>
              <p className="font-semibold">{phoneText.verifiedTitle}</p>
              <p className="text-sm text-muted-foreground">{formatE164ForDisplay(data.phone_number)}</p>
            </div>
          </div>
        ) : step === 'verify' && data.phone_number ? (
          <CodeVerifyStep
            phoneNumber={data.phone_number}
            resendAt={resendAt}
            locked={data.code_pending && data.attempts_remaining === 0}
            verifying={verify.isPending}
            resending={send.isPending}
            onVerify={verifyCode}
            onResend={() => sendCode(data.phone_number!, true)}
            onChangeNumber={() => setChosenStep('input')}
          />
        ) : (
          <PhoneInputStep
            initialPhone={data.phone_number}
            sending={send.isPending}
            onSend={(phoneNumber) => sendCode(phoneNumber, false)}
          />
        )}
      </CardContent>
    </Card>
  );
}
