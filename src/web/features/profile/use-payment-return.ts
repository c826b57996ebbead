import { useEffect, useRef } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { BRAND_NAME } from '@shared/brand';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { myExpertProfileQueryKey } from '@web/lib/expert-profile';
import { verifyPaymentSetup } from '@web/lib/payment-setup';
import { browserPlatform } from '@web/lib/platform';
import { cleanedSearch, returnFlagOf, returnToast } from './profile-tabs';

/**
 * Back from the payment provider with success=true or refresh=true: verify the account (the server
 * reads it from the provider), refetch the expert profile, toast, then clean the query string
 * keeping only `tab`. Runs once per arrival; `ready` waits until the expert profile has loaded.
 */
export function usePaymentReturn(options: {
  params: URLSearchParams;
  setParams: SetURLSearchParams;
  ready: boolean;
  hasExpertProfile: boolean;
}) {
  const { params, setParams, ready, hasExpertProfile } = options;
  const queryClient = useQueryClient();
  const handled = useRef<string | null>(null);
  const flag = returnFlagOf(params);

  useEffect(() => {
    if (!flag || !ready) return;
    const key = params.toString();
    if (handled.current === key) return;
    handled.current = key;
    const clean = () => setParams(cleanedSearch(params), { replace: true });
    if (!hasExpertProfile) {
      clean();
      return;
    }
    void (async () => {
      try {
        const { expert } = await verifyPaymentSetup();
        queryClient.setQueryData(myExpertProfileQueryKey, expert);
        await queryClient.invalidateQueries({ queryKey: myExpertProfileQueryKey });
        const shown = returnToast(flag, expert);
        if (shown.kind === 'success') {
          toast.success(shown.text);
          if (browserPlatform.isNativePlatform()) toast.info(format(messages.paymentSetup.returnToBrandApp, { brand: BRAND_NAME }));
        } else {
          toast.info(shown.text);
        }
      } catch (error) {
        toast.error(error instanceof Error && error.message ? error.message : messages.paymentSetup.accessFailed);
      } finally {
        clean();
      }
    })();
  }, [flag, ready, hasExpertProfile, params, setParams, queryClient]);
}
