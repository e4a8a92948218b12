import { useCallback, useEffect, useRef } from 'react';

/** If the action's call never starts (nothing to do), the control is live again after this. */
export const SINGLE_SUBMIT_RELEASE_MS = 1_500;

/**
 * One action per press (issue 35 item 12, decision 149). A mutation's `isPending` turns true a
 * moment after `mutate`, so a quick second click lands before the button is disabled; this
 * guard drops it at once. The control is live again when the call has ended (`pending` went true
 * and back to false), or after SINGLE_SUBMIT_RELEASE_MS if no call started. The server's
 * Idempotency-Key is the second line: a repeat that still gets through is done once.
 */
export function useSingleSubmit(pending: boolean) {
  const busy = useRef(false);
  const started = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (pending) {
      started.current = true;
    } else if (started.current) {
      started.current = false;
      busy.current = false;
    }
  }, [pending]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(<A extends unknown[]>(action: (...args: A) => void) => {
    return (...args: A) => {
      if (busy.current) return;
      busy.current = true;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        if (!started.current) busy.current = false;
      }, SINGLE_SUBMIT_RELEASE_MS);
      action(...args);
    };
  }, []);
}
