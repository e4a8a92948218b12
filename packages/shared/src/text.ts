import { z } from 'zod';

// Stored text (issue 34 item 10, decision 142): what people type, and what an LMS or a roster
// sends, is kept without control characters. A single-line field (a name, a title, a label)
// keeps one line: every line break, tab and other C0 or C1 control becomes a space, and runs of
// white space collapse to one. A multi-line field (a description, a bio, a message) keeps its
// line breaks as `\n` and its tabs as spaces, and loses every other control. A person's or a
// team's name also carries no markup: typed, `<` and `>` are refused; arriving from an LMS or a
// roster file, where nobody can be asked, tags are taken out.

/* eslint-disable no-control-regex -- these patterns name the control characters on purpose */
/** White space and the C0 and C1 controls, DEL included: one space in single-line text. */
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]+/g;
/** Every spelling of a line break: CRLF, CR, NEL, LINE and PARAGRAPH SEPARATOR. */
const LINE_BREAK = /\r\n?|[\u0085\u2028\u2029]/g;
/** The controls multi-line text drops (all but LF; a TAB became a space before). */
const DROPPED_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/**
 * Bidirectional embeddings, overrides and isolates: they reorder the text around them on screen
 * (a name that reads as another, "Trojan Source"), and no script needs them typed into a name.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/g;
const TAG = /<[^<>]*>/g;
const ANGLE_BRACKET = /[<>]/;
/* eslint-enable no-control-regex */

/** One line: controls and white space runs become one space, bidi controls go; trimmed. */
export function singleLineText(value: string): string {
  return value.replace(BIDI_CONTROL, '').replace(SPACE_OR_CONTROL, ' ').trim();
}

/** Line breaks as `\n`, tabs as spaces, no other control character (not trimmed). */
export function withoutControls(value: string): string {
  if (!ANY_CONTROL.test(value)) return value;
  return value.replace(LINE_BREAK, '\n').replace(/\t/g, ' ').replace(DROPPED_CONTROL, '');
}

/** Multi-line text: `withoutControls`, trimmed. */
export function multiLineText(value: string): string {
  return withoutControls(value).trim();
}

/**
 * A name that comes from elsewhere (an LMS launch, its roster, a roster file): one line, its
 * tags taken out and any `<` or `>` left over dropped. Empty when nothing is left.
 */
export function importedName(value: string): string {
  return singleLineText(value.replace(TAG, ' ').replace(/[<>]/g, ' '));
}

export const NAME_MARKUP_MESSAGE = 'A name cannot contain < or >';

/** A single-line text field: normalized, then checked (`.min`, `.max` as usual). */
export const singleLineSchema = () => z.string().overwrite(singleLineText);

/** A multi-line text field: normalized, then checked. */
export const multiLineSchema = () => z.string().overwrite(multiLineText);

/** A person's name as typed (profile, manual enrollment, appointment): one line, no markup. */
export const personNameSchema = (max = 120, required = 'Full name is required') =>
  singleLineSchema()
    .min(1, required)
    .max(max)
    .refine((v) => !ANGLE_BRACKET.test(v), NAME_MARKUP_MESSAGE);

/** A team's name as typed: one line, no markup. */
export const teamNameSchema = (max: number, required = 'Name is required') =>
  singleLineSchema()
    .min(1, required)
    .max(max)
    .refine((v) => !ANGLE_BRACKET.test(v), NAME_MARKUP_MESSAGE);
