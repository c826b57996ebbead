import { useCallback } from 'react';
import { useNavigate } from '@web/lib/navigation';
import { saveQuickTaskDraft } from '@web/lib/quick-task-draft';
import { useMe } from '@web/lib/session';

export interface QuickTaskPlace {
  /** Short name for the auth page's banner, e.g. "Austin". */
  name: string;
  /** The task's location text, e.g. "Austin, Texas, United States". */
  location: string;
  latitude: number;
  longitude: number;
}

/**
 * The quick-task flow: the chosen place is stored as the draft the create-task form reads once,
 * then the user goes to that form, or to /auth first when signed out.
 */
export function useStartQuickTask() {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const signedIn = Boolean(me);
  return useCallback(
    (place: QuickTaskPlace) => {
      try {
        saveQuickTaskDraft({
          location: place.location,
          latitude: place.latitude,
          longitude: place.longitude,
        });
      } catch {
        // Storage disabled: the flow still continues, the form just starts empty.
      }
      if (signedIn) {
        navigate('/dashboard/create-task');
        return;
      }
      navigate(`/auth?${new URLSearchParams({ quickTask: 'true', location: place.name })}`);
    },
    [navigate, signedIn],
  );
}
