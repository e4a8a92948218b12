import { TextInput } from '@mantine/core';
import { REMINDER_MESSAGE_MAX, singleLineText } from '@teamup/shared';

/** Whether a reminder's message may be sent: within the limit once made one line (as the server). */
export function reminderMessageError(value: string): string | null {
  const length = singleLineText(value).length;
  return length > REMINDER_MESSAGE_MAX
    ? `At most ${REMINDER_MESSAGE_MAX} characters (this one has ${length}).`
    : null;
}

/** The body a reminder sends: the message when there is one, else nothing to add. */
export const reminderBody = (value: string) => {
  const message = singleLineText(value);
  return message ? { message } : {};
};

/**
 * The instructor's own words for a one-click reminder (issue 35), optional and one line: added
 * after the usual sentence, in the app and in the email. Text over the limit is not cut off; it
 * is said, and the send button waits.
 */
export function ReminderMessageField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const error = reminderMessageError(value);
  return (
    <TextInput
      label="Your message (optional)"
      description={`Added after the reminder, in Teamup and in the email. One line, up to ${REMINDER_MESSAGE_MAX} characters.`}
      placeholder="For example: the teams are due on Friday; ask me in the lab if you need help."
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      disabled={disabled}
    />
  );
}
