import { useLiveEvents, type LiveEventsOptions } from '../live/use-live-events';

/** Mounted once in the signed-in layout: the tab's live stream (decision 114). */
export function LiveEvents(props: LiveEventsOptions) {
  useLiveEvents(props);
  return null;
}
