import { Button, Link, Section, Text } from '@react-email/components';
import { EmailLayout, colors, linkStyle, mutedStyle, textStyle } from './layout.js';

export interface DigestEmailItem {
  sentence: string;
  url: string;
  timeLabel: string;
  courseCode: string | null;
}

export interface DigestEmailProps {
  subject: string;
  recipientName: string;
  dateLabel: string;
  items: DigestEmailItem[];
  preferencesUrl: string;
  unsubscribeUrl: string;
  appUrl: string;
}

/** The daily digest: each notification's sentence as a link to its place, oldest first. */
export function DigestEmail(props: DigestEmailProps) {
  const count = props.items.length;
  return (
    <EmailLayout
      title={props.subject}
      preheader={`${count} ${count === 1 ? 'update' : 'updates'} in Teamup: ${props.items[0]?.sentence ?? ''}`}
      appUrl={props.appUrl}
      reason="You get this digest because your Teamup email settings collect some notifications in a daily digest."
      preferencesUrl={props.preferencesUrl}
      unsubscribeUrl={props.unsubscribeUrl}
    >
      <Text className="tu-text" style={textStyle}>
        {`Hi ${props.recipientName}, here is what happened in Teamup since your last digest.`}
      </Text>
      <Text className="tu-muted" style={mutedStyle}>
        {props.dateLabel}
      </Text>
      {props.items.map((item, index) => (
        <Section
          key={index}
          style={{
            borderTop: `1px solid ${colors.border}`,
            padding: '12px 0 0',
            margin: '12px 0 0',
          }}
        >
          <Text className="tu-muted" style={{ ...mutedStyle, margin: '0 0 4px' }}>
            {item.courseCode === null ? item.timeLabel : `${item.timeLabel} · ${item.courseCode}`}
          </Text>
          <Text className="tu-text" style={{ ...textStyle, margin: 0 }}>
            <Link className="tu-link" href={item.url} style={linkStyle}>
              {item.sentence}
            </Link>
          </Text>
        </Section>
      ))}
      <Section style={{ margin: '24px 0 0' }}>
        <Button
          className="tu-button"
          href={props.appUrl}
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
          Open Teamup
        </Button>
      </Section>
    </EmailLayout>
  );
}
