// Email templates (issue 26 "Emails people trust", decision 133, section "Templates").
//
// Two layouts, each one React Email component that gives both parts of the message: the HTML
// with `render(el)` and the plain text with `render(el, { plainText: true })`.
// - `renderNotificationEmail`: one notification. Its sentence (from `notifications/text.ts`) is
//   the inbox preview and the body, a button with the kind's words goes to the place to act.
// - `renderDigestEmail`: the daily digest, one linked sentence per notification, oldest first.
//
// What every email holds to: a `color-scheme` meta and dark-mode classes over inline light
// colours (still readable where dark mode is ignored); one column at most 560 px wide that reads
// at 320 px; system fonts, no images, nothing fetched from elsewhere, no tracking; only absolute
// http(s) links (anything else throws); every input escaped as React escapes it, never raw HTML;
// a footer naming the setting that sent it, with "Email preferences" and "Unsubscribe".
//
// Speed: a notification email is filled into a layout rendered once per shape (see `render.ts`),
// about 0.02 ms instead of the 4 to 7 ms React takes; the digest is rendered each time (7 to 10 ms
// for ten items, once a day per recipient).
//
// Files: `layout.tsx` (the frame, dark mode, footer), `notification-email.tsx`,
// `digest-email.tsx`, `subjects.ts` (subjects and button words), `render.ts` (inputs to emails).
export {
  renderDigestEmail,
  renderNotificationEmail,
  type DigestEmailInput,
  type NotificationEmailInput,
  type RenderedEmail,
} from './render.js';
export { actionLabelFor, digestSubjectFor, subjectFor } from './subjects.js';
