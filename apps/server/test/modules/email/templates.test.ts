import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS } from '@teamup/shared';
import {
  actionLabelFor,
  renderDigestEmail,
  renderNotificationEmail,
  subjectFor,
  type DigestEmailInput,
  type NotificationEmailInput,
} from '../../../src/modules/email/templates/index.js';
import {
  escapeHtml,
  renderNotificationEmailUncached,
} from '../../../src/modules/email/templates/render.js';

const APP = 'https://teamup.example.edu';

function notification(overrides: Partial<NotificationEmailInput> = {}): NotificationEmailInput {
  return {
    kind: 'INVITATION_RECEIVED',
    recipientName: 'Ada Lovelace',
    sentence: 'Grace Hopper invited you to join Rockets (CS101).',
    actionUrl: `${APP}/teams/my`,
    courseLabel: 'CS101 · Software Engineering',
    teamName: 'Rockets',
    kindLabel: NOTIFICATION_KIND_LABELS.INVITATION_RECEIVED,
    preferencesUrl: `${APP}/profile`,
    unsubscribeUrl: `${APP}/email/unsubscribe?token=abc.def&kind=INVITATION_RECEIVED`,
    appUrl: APP,
    ...overrides,
  };
}

function digest(overrides: Partial<DigestEmailInput> = {}): DigestEmailInput {
  return {
    recipientName: 'Ada Lovelace',
    dateLabel: 'Saturday 28 November 2026',
    items: [
      {
        sentence: 'Grace Hopper accepted your invitation to Rockets.',
        url: `${APP}/teams/t1`,
        timeLabel: '09:14',
        courseCode: 'CS101',
      },
      {
        sentence: 'Alan Turing pinned a notice in Rockets.',
        url: `${APP}/teams/t1?notice=2`,
        timeLabel: '13:02',
        courseCode: 'CS101',
      },
      {
        sentence: 'Your enrollment in MA201 is active again.',
        url: `${APP}/courses/c2`,
        timeLabel: '17:45',
        courseCode: null,
      },
    ],
    preferencesUrl: `${APP}/profile`,
    unsubscribeUrl: `${APP}/email/unsubscribe?token=digest`,
    appUrl: APP,
    ...overrides,
  };
}

const reEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
const TAG = /<\/?[a-z][a-z0-9-]*(\s[^>]*)?\/?>/i;

/** What every email holds to, whatever its content. */
function expectTrustworthyHtml(html: string) {
  expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
  expect(html).toContain('<meta name="supported-color-schemes" content="light dark"/>');
  expect(html).toContain('@media (prefers-color-scheme: dark)');
  // Nothing is fetched when the email opens: no images, stylesheets, fonts or scripts.
  expect(html).not.toMatch(/<img|<link|<script|<iframe|@import|url\(|\ssrc="/i);
  expect(hrefs(html).length).toBeGreaterThan(0);
  for (const href of hrefs(html)) expect(href).toMatch(/^(https:\/\/|http:\/\/|mailto:)/);
  // One column: nothing is wider than a 320 px screen except as a maximum.
  expect(html).toContain('max-width:560px');
  for (const [, px] of html.matchAll(/(?<![-\w])width:\s*(\d+)px/g)) {
    expect(Number(px)).toBeLessThanOrEqual(320);
  }
  expect(html).not.toMatch(/width="\d{3,}"/);
}

describe('actionLabelFor and subjectFor', () => {
  it('give every kind button words and a subject', () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(actionLabelFor(kind), kind).toMatch(/^[A-Z][a-z]+( [a-z]+)+$/);
      const subject = subjectFor(kind, 'Grace Hopper did something in Rockets (CS101).');
      expect(subject, kind).toBe('Grace Hopper did something in Rockets (CS101)');
    }
    expect(actionLabelFor('INVITATION_RECEIVED')).toBe('Open the invitation');
    expect(actionLabelFor('JOIN_REQUEST_RECEIVED')).toBe('Review the request');
    expect(actionLabelFor('TEAMLESS_REMINDER')).toBe('Find a team');
    expect(actionLabelFor('SURVEY_REMINDER')).toBe('Answer the survey');
  });

  it('drop the final period only, and keep a short sentence whole', () => {
    expect(subjectFor('INVITATION_RECEIVED', 'Grace Hopper invited you to join Rockets.')).toBe(
      'Grace Hopper invited you to join Rockets',
    );
    expect(subjectFor('TEAM_NUDGED', 'A course admin nudged Rockets: meet on Friday...')).toBe(
      'A course admin nudged Rockets: meet on Friday...',
    );
    expect(subjectFor('NOTICE_PINNED', 'Grace Hopper pinned a notice in Rockets')).toBe(
      'Grace Hopper pinned a notice in Rockets',
    );
  });

  it('cut a long sentence at a word, with an ellipsis, within 90 characters', () => {
    const sentence =
      'Your instructor reminds you that you have no team in CS101 yet: please find a team before Friday, or ask the teaching assistants for help with it.';
    const subject = subjectFor('TEAMLESS_REMINDER', sentence);
    expect(subject.length).toBeLessThanOrEqual(90);
    expect(subject).toMatch(/…$/);
    expect(sentence.startsWith(subject.slice(0, -1))).toBe(true);
    // At a word: the character after the cut in the sentence is a space or punctuation.
    expect(sentence[subject.length - 1]).toMatch(/[\s,]/);
    expect(subjectFor('TEAMLESS_REMINDER', 'x'.repeat(200))).toBe(`${'x'.repeat(89)}…`);
  });

  it('never split an emoji, and never carry a line break into the header', () => {
    const subject = subjectFor(
      'TEAM_NUDGED',
      `A course admin nudged Rockets:\r\n${'🚀'.repeat(100)}`,
    );
    expect(subject).not.toMatch(/[\r\n]/);
    expect(Array.from(subject)).toHaveLength(90);
    expect(subject.endsWith('🚀…')).toBe(true);
    expect(subject).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('keep the first sentence of a CSV result, not its counts', () => {
    expect(
      subjectFor(
        'CSV_UPLOAD_FINISHED',
        'roster.csv was imported into CS101. 40 students added, 2 rows rejected.',
      ),
    ).toBe('roster.csv was imported into CS101');
  });
});

describe('renderNotificationEmail', () => {
  it('shows the sentence, the button to the place to act and why the email came', async () => {
    const input = notification();
    const email = await renderNotificationEmail(input);

    expect(email.subject).toBe('Grace Hopper invited you to join Rockets (CS101)');
    expectTrustworthyHtml(email.html);
    expect(email.html).toContain(`<title>${email.subject}</title>`);
    // The preheader: hidden, first in the body, the sentence itself.
    expect(email.html).toMatch(
      /<div data-skip-in-text="true" style="display:none[^"]*">Grace Hopper invited you to join Rockets \(CS101\)\./,
    );
    expect(email.html).toMatch(
      /<a class="tu-button" href="https:\/\/teamup\.example\.edu\/teams\/my"[^>]*>.*Open the invitation<\/span>/,
    );
    expect(email.html).toContain('Hi Ada Lovelace,');
    expect(email.html).toContain('CS101 · Software Engineering · Rockets');
    expect(email.html).toContain(
      'You get this email because of your Teamup setting “I am invited to a team”.',
    );
    expect(email.html).toMatch(
      /href="https:\/\/teamup\.example\.edu\/profile"[^>]*>Email preferences</,
    );
    expect(email.html).toMatch(
      new RegExp(`href="${reEscape(escapeHtml(input.unsubscribeUrl))}"[^>]*>Unsubscribe</a>`),
    );
  });

  it('escapes what people typed: a name with <script> and & stays text', async () => {
    const sentence =
      'Grace <script>alert("x")</script> & Hopper\'s team invited you to join R&D <b>.';
    const email = await renderNotificationEmail(
      notification({
        sentence,
        recipientName: '<img src=x onerror=alert(1)> & Co',
        teamName: 'R&D <b>',
      }),
    );

    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>');
    expect(email.html).toContain(
      'Grace &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Hopper&#x27;s team invited you to join R&amp;D &lt;b&gt;.',
    );
    expect(email.html).toContain('Hi &lt;img src=x onerror=alert(1)&gt; &amp; Co,');
    expectTrustworthyHtml(email.html);
    // The plain text is not HTML: the words as typed.
    expect(email.text).toContain(sentence);
    expect(email.text).toContain('Hi <img src=x onerror=alert(1)> & Co,');
    expect(email.subject).toBe(
      'Grace <script>alert("x")</script> & Hopper\'s team invited you to join R&D <b>',
    );
  });

  it('has a plain text part with the sentence and every address in full, and no tags', async () => {
    const input = notification();
    const { text } = await renderNotificationEmail(input);

    expect(text).toContain('Grace Hopper invited you to join Rockets (CS101).');
    expect(text).toContain(`Open the invitation ${input.actionUrl}`);
    expect(text).toContain(input.preferencesUrl);
    expect(text).toContain(input.unsubscribeUrl);
    expect(text).toContain(
      'You get this email because of your Teamup setting “I am invited to a team”.',
    );
    expect(text).not.toMatch(TAG);
    expect(text).not.toMatch(/&amp;|&lt;|&#x27;|\u200c/);
    // The hidden preheader and the HTML's spelled-out address stay out of the text.
    expect(text.split('Grace Hopper invited you').length - 1).toBe(1);
    expect(text.split(input.actionUrl).length - 1).toBe(1);
  });

  it('leaves out the course and team line when there is neither', async () => {
    const email = await renderNotificationEmail(
      notification({ kind: 'CSV_UPLOAD_FAILED', courseLabel: null, teamName: null }),
    );
    expect(email.html).not.toContain('Software Engineering');
    expect(email.text).not.toContain('Software Engineering');
    expect(email.html).toContain('See the upload');
  });

  it('refuses an address that is not absolute', async () => {
    for (const actionUrl of ['/teams/my', 'teams/my', 'javascript:alert(1)', '//evil.example/x']) {
      await expect(renderNotificationEmail(notification({ actionUrl }))).rejects.toThrow(
        /actionUrl must be an absolute/,
      );
    }
    await expect(
      renderNotificationEmail(notification({ unsubscribeUrl: '/email/unsubscribe' })),
    ).rejects.toThrow(/unsubscribeUrl/);
  });

  it('is what React renders for the same input, for every kind and every shape', async () => {
    const tricky: Partial<NotificationEmailInput>[] = [
      {},
      { courseLabel: null },
      { teamName: null },
      { courseLabel: null, teamName: null },
      { courseLabel: '', teamName: '  ' },
      { recipientName: '' },
      {
        recipientName: ' Zoë  "Q" O\'Brien <x>\n',
        sentence: 'A & B <i>said</i>\n\n  "hi" — it\'s 100% 😀 TEAMUPSLOT2X.',
        teamName: '&amp; {{team}} $1 $& TEAMUPSLOT0X',
        courseLabel: 'CS<101> · “Quotes”',
        actionUrl: `${APP}/teams/x?a=1&b="2"&c=<3>#frag`,
        kindLabel: 'Label & <more>',
      },
      {
        quote: 'Hi!\nI know <b>SQL</b> & "React".\r\n\r\n\r\nThanks TEAMUPSLOT1X',
        details: 'Skills: A & <B>',
      },
      { quote: '   ', details: '' },
      { quote: 'x'.repeat(700), teamName: null },
    ];
    for (const kind of NOTIFICATION_KINDS) {
      for (const overrides of tricky) {
        const input = notification({
          kind,
          kindLabel: NOTIFICATION_KIND_LABELS[kind],
          ...overrides,
        });
        const [cached, reference] = await Promise.all([
          renderNotificationEmail(input),
          renderNotificationEmailUncached(input),
        ]);
        expect(cached, `${kind} ${JSON.stringify(overrides)}`).toEqual(reference);
      }
    }
  });
});

describe('renderDigestEmail', () => {
  it('lists every notification in order, each linked to its place', async () => {
    const input = digest();
    const email = await renderDigestEmail(input);

    expect(email.subject).toBe('Your Teamup digest: 3 updates');
    expectTrustworthyHtml(email.html);
    expect(email.html).toContain('Saturday 28 November 2026');
    const positions = input.items.map((item) =>
      email.html.indexOf(`href="${escapeHtml(item.url)}"`),
    );
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const item of input.items) {
      expect(email.html).toMatch(
        new RegExp(`href="${reEscape(escapeHtml(item.url))}"[^>]*>${reEscape(item.sentence)}</a>`),
      );
    }
    expect(email.html).toContain('09:14 · CS101');
    expect(email.html).toContain('>17:45</p>');

    const lines = input.items.map((item) => email.text.indexOf(`${item.sentence} ${item.url}`));
    expect(lines.every((p) => p > 0)).toBe(true);
    expect([...lines].sort((a, b) => a - b)).toEqual(lines);
    expect(email.text).toContain(input.preferencesUrl);
    expect(email.text).toContain(input.unsubscribeUrl);
    expect(email.text).not.toMatch(TAG);
  });

  it('says "1 update" for one, escapes what people typed, and needs at least one', async () => {
    const [first] = digest().items;
    const one = await renderDigestEmail(
      digest({ items: [{ ...first!, sentence: 'Grace <script> & Hopper accepted.' }] }),
    );
    expect(one.subject).toBe('Your Teamup digest: 1 update');
    expect(one.html).not.toContain('<script>');
    expect(one.html).toContain('Grace &lt;script&gt; &amp; Hopper accepted.');
    expect(one.text).toContain('Grace <script> & Hopper accepted.');

    await expect(renderDigestEmail(digest({ items: [] }))).rejects.toThrow(/needs an item/);
    await expect(
      renderDigestEmail(digest({ items: [{ ...first!, url: '/teams/t1' }] })),
    ).rejects.toThrow(/items\[0\]\.url/);
  });
});
