import type { CSSProperties, ReactNode } from 'react';
import { Body, Container, Head, Hr, Html, Link, Section, Text } from '@react-email/components';

// Light colours are inline, so a client that ignores <style> or dark mode still shows a readable
// email; the classes recolour it where `prefers-color-scheme: dark` is honoured (Apple Mail, iOS,
// Outlook for Mac) and `[data-ogsc]` / `[data-ogsb]` cover Outlook.com's own dark mode. React
// Email's Body repeats its inline background on the cell of its wrapping table: recoloured too.
export const colors = {
  page: '#f3f4f6',
  card: '#ffffff',
  border: '#e5e7eb',
  text: '#1f2328',
  muted: '#57606a',
  link: '#0b5cad',
  button: '#0b5cad',
  buttonText: '#ffffff',
} as const;

const DARK_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .tu-page, .tu-page > table > tbody > tr > td { background-color: #0d1117 !important; }
  .tu-card { background-color: #161b22 !important; border-color: #30363d !important; }
  .tu-text { color: #e6edf3 !important; }
  .tu-muted { color: #9da7b3 !important; }
  .tu-link { color: #79b8ff !important; }
  .tu-button { background-color: #79b8ff !important; color: #0d1117 !important; }
  .tu-hr { border-color: #30363d !important; }
}
[data-ogsb] .tu-page, [data-ogsb] .tu-page > table > tbody > tr > td { background-color: #0d1117 !important; }
[data-ogsb] .tu-card { background-color: #161b22 !important; }
[data-ogsc] .tu-text { color: #e6edf3 !important; }
[data-ogsc] .tu-muted { color: #9da7b3 !important; }
[data-ogsc] .tu-link { color: #79b8ff !important; }
[data-ogsb] .tu-button { background-color: #79b8ff !important; }
[data-ogsc] .tu-button { color: #0d1117 !important; }
`;

// System fonts only: nothing is fetched from elsewhere when the email opens.
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const textStyle: CSSProperties = {
  color: colors.text,
  fontSize: '16px',
  lineHeight: '24px',
  margin: '0 0 16px',
};
export const mutedStyle: CSSProperties = {
  color: colors.muted,
  fontSize: '13px',
  lineHeight: '20px',
  margin: '0 0 8px',
};
export const linkStyle: CSSProperties = { color: colors.link, textDecoration: 'underline' };

/** Characters that stop a client pulling the body's first words into the inbox preview. */
const PREHEADER_PADDING = '\u00a0\u200c'.repeat(80);

export interface EmailLayoutProps {
  title: string;
  /** The hidden inbox preview. */
  preheader: string;
  appUrl: string;
  /** Why this email came, and the links to change that. */
  reason: string;
  preferencesUrl: string;
  unsubscribeUrl: string;
  children: ReactNode;
}

/** One column, at most 560 px wide, that still reads at 320 px. */
export function EmailLayout(props: EmailLayoutProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{props.title}</title>
        {/* A constant stylesheet: no input reaches it. */}
        <style dangerouslySetInnerHTML={{ __html: DARK_CSS }} />
      </Head>
      <Body
        className="tu-page"
        style={{ backgroundColor: colors.page, margin: 0, padding: '24px 12px', fontFamily: FONT }}
      >
        <div
          data-skip-in-text="true"
          style={{
            display: 'none',
            overflow: 'hidden',
            lineHeight: '1px',
            opacity: 0,
            maxHeight: 0,
            maxWidth: 0,
          }}
        >
          {`${props.preheader}${PREHEADER_PADDING}`}
        </div>
        {/* The card's padding sits on a cell: Outlook ignores padding on a table. */}
        <Container style={{ maxWidth: '560px' }}>
          <table role="presentation" width="100%" border={0} cellPadding="0" cellSpacing="0">
            <tbody>
              <tr>
                <td
                  className="tu-card"
                  style={{
                    backgroundColor: colors.card,
                    border: `1px solid ${colors.border}`,
                    borderRadius: '8px',
                    padding: '24px',
                    overflowWrap: 'break-word',
                    wordBreak: 'break-word',
                  }}
                >
                  <Text
                    className="tu-text"
                    style={{ ...textStyle, fontWeight: 700, fontSize: '18px' }}
                  >
                    <Link className="tu-text" href={props.appUrl} style={{ color: colors.text }}>
                      Teamup
                    </Link>
                  </Text>
                  {props.children}
                  <Hr
                    className="tu-hr"
                    style={{ borderTop: `1px solid ${colors.border}`, margin: '24px 0 16px' }}
                  />
                  <Section>
                    <Text className="tu-muted" style={mutedStyle}>
                      {props.reason}
                    </Text>
                    <Text className="tu-muted" style={mutedStyle}>
                      <Link className="tu-link" href={props.preferencesUrl} style={linkStyle}>
                        Email preferences
                      </Link>
                      {' · '}
                      <Link className="tu-link" href={props.unsubscribeUrl} style={linkStyle}>
                        Unsubscribe
                      </Link>
                    </Text>
                  </Section>
                </td>
              </tr>
            </tbody>
          </table>
        </Container>
      </Body>
    </Html>
  );
}
