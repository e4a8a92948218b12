import { useSessionKeeper } from '../hooks/use-session-keeper';

/** Mounted once at the root so the token stays fresh on public and protected pages alike. */
export function SessionKeeper() {
  useSessionKeeper();
  return null;
}
