import { Button, Link, Section, Text } from '@react-email/components';
import { EmailLayout, colors, linkStyle, mutedStyle, textStyle } from './layout.js';

/** Everything the notification email shows, already collapsed, labelled and absolute. */
export interface NotificationEmailProps {
  subject: string;
  recipientName: string;
  sentence: string;
  actionUrl: string;
  actionLabel: string;
  courseLabel: string | null;
  teamName: string | null;
  /** A join request's message as its author wrote it (line breaks kept, bounded), or null. */
  quote: string | null;
  /** "Their skills: React, SQL", or null. */
  details: string | null;
  kindLabel: string;
  preferencesUrl: string;
  unsubscribeUrl: string;
  appUrl: string;
}

/**
 * One notification. Every text is a single string per element, so the HTML does not depend on
 * a value being empty (React separates adjacent text with comments): the cached render in
 * `render.ts` relies on that.
 */
export function NotificationEmail(props: NotificationEmailProps) {
  const context =
    props.courseLabel !== null && props.teamName !== null
      ? `${props.courseLabel} · ${props.teamName}`
      : (props.courseLabel ?? props.teamName);
  return (
    <EmailLayout
      title={props.subject}
      preheader={props.sentence}
      appUrl={props.appUrl}
      reason={`You get this email because of your Teamup setting “${props.kindLabel}”.`}
      preferencesUrl={props.preferencesUrl}
      unsubscribeUrl={props.unsubscribeUrl}
    >
      <Text className="tu-text" style={textStyle}>
        {`Hi ${props.recipientName},`}
      </Text>
      {context !== null && (
        <Text className="tu-muted" style={mutedStyle}>
          {context}
        </Text>
      )}
      <Text className="tu-text" style={{ ...textStyle, fontSize: '18px', lineHeight: '26px' }}>
        {props.sentence}
      </Text>
      {props.quote !== null && (
        <Text
          className="tu-text"
          style={{
            ...textStyle,
            whiteSpace: 'pre-wrap',
            borderLeft: `3px solid ${colors.button}`,
            margin: '0 0 12px',
            padding: '4px 0 4px 12px',
          }}
        >
          {props.quote}
        </Text>
      )}
      {props.details !== null && (
        <Text className="tu-text" style={textStyle}>
          {props.details}
        </Text>
      )}
      <Section style={{ margin: '8px 0 16px' }}>
        <Button
          className="tu-button"
          href={props.actionUrl}
          style={{
            backgroundColor: colors.button,
            color: colors.buttonText,
            borderRadius: '6px',
            fontSize: '16px',
            fontWeight: 600,
            lineHeight: '20px',
            padding: '12px 20px',
            textDecoration: 'none',
          }}
        >
          {props.actionLabel}
        </Button>
      </Section>
      {/* The address in full for whoever wants to see where the button goes; the plain text
          part already has it after the button's words. */}
      <Text className="tu-muted" style={mutedStyle} data-skip-in-text="true">
        {'Or open this address: '}
        <Link
          className="tu-link"
          href={props.actionUrl}
          style={{ ...linkStyle, wordBreak: 'break-all' }}
        >
          {props.actionUrl}
        </Link>
      </Text>
    </EmailLayout>
  );
}
