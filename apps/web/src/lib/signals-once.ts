/**
 * One event can reach a page by two signals: a page's own poll and the live stream (a CSV
 * upload's end is both the status poll's last answer and the uploader's notification). Each
 * signal names the event the same way; only the first to arrive refreshes what it changed, the
 * other finds it handled (decision 128). The last few events are remembered, per tab.
 */
const REMEMBERED = 64;
const handled: string[] = [];

/** True the first time an event is named, false for every later signal of it. */
export function firstSignalOf(event: string): boolean {
  if (handled.includes(event)) return false;
  handled.push(event);
  if (handled.length > REMEMBERED) handled.shift();
  return true;
}

/**
 * A CSV upload's end, as both its status and its notification name it: the upload's course and
 * the moment its result was recorded (the status's `finishedAt` and the notification's
 * `createdAt` are the same `now()` of the transaction that wrote both).
 */
export const uploadEndEvent = (courseId: string, at: string) =>
  `csv-upload-end:${courseId}:${Date.parse(at)}`;
