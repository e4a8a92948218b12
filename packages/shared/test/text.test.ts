// Issue 34 item 10 (decision 142): the text rules the web's forms and the server's routes share.
import { describe, expect, it } from 'vitest';
import {
  createTeamBodySchema,
  importedName,
  manualAddBodySchema,
  multiLineText,
  NAME_MARKUP_MESSAGE,
  profileUpdateBodySchema,
  singleLineText,
  updateCourseBodySchema,
  withoutControls,
} from '../src/index.js';

describe('single-line text', () => {
  it('makes every line break, tab and C0 or C1 control one space, and trims', () => {
    expect(singleLineText(' Ada\r\nLovelace ')).toBe('Ada Lovelace');
    expect(singleLineText('a\tb\u0007c\u001bd\u007fe\u0085f\u009bg\u2028h')).toBe(
      'a b c d e f g h',
    );
    expect(singleLineText('many    spaces\u00a0\u00a0here')).toBe('many spaces here');
    // Letters of every script, accents and emoji stay.
    expect(singleLineText('Zoë 😀 Ñandú 李')).toBe('Zoë 😀 Ñandú 李');
    // Bidi overrides and isolates reorder what is shown; a joiner stays (scripts need it).
    expect(singleLineText('Ada\u202eecalovoL\u202c \u2066x\u2069')).toBe('AdaecalovoL x');
    expect(singleLineText('क्\u200dष 👩\u200d💻')).toBe('क्\u200dष 👩\u200d💻');
  });
});

describe('multi-line text', () => {
  it('keeps line breaks as \\n, makes tabs spaces and drops every other control', () => {
    expect(multiLineText('one\r\ntwo\rthree\u2029four\u0085five')).toBe(
      'one\ntwo\nthree\nfour\nfive',
    );
    expect(multiLineText('  col\tcol\u0000\u0008\u000b\u000c\u001b[0m\u009b end ')).toBe(
      'col col[0m end',
    );
    // Nothing to do: the same string.
    const plain = 'no controls here';
    expect(withoutControls(plain)).toBe(plain);
  });
});

describe('names from elsewhere', () => {
  it('take tags and angle brackets out', () => {
    expect(importedName('Ann <b>Lee</b>')).toBe('Ann Lee');
    expect(importedName('<script>x</script>Bob\r\n')).toBe('x Bob');
    expect(importedName('Bob <3')).toBe('Bob 3');
    expect(importedName('<img src=x>')).toBe('');
  });
});

describe('names typed in Teamup', () => {
  it('refuse < and > with one message, in the field', () => {
    for (const result of [
      profileUpdateBodySchema.safeParse({ fullname: 'Sam <b>' }),
      manualAddBodySchema.safeParse({
        courseId: '5f0c7c52-3d4b-4c39-9a43-0d3f4e2a1b10',
        email: 'kim@example.edu',
        fullname: 'Kim > Park',
      }),
      createTeamBodySchema.safeParse({ name: '<i>Byte Club</i>' }),
    ]) {
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((i) => i.message)).toEqual([NAME_MARKUP_MESSAGE]);
    }
  });

  it('keep one line; descriptions keep their lines', () => {
    expect(profileUpdateBodySchema.parse({ fullname: 'Sam\nStudent', bio: 'a\r\nb' })).toEqual({
      fullname: 'Sam Student',
      bio: 'a\nb',
    });
    expect(createTeamBodySchema.parse({ name: 'Byte\tClub', description: 'x\r\ny' })).toMatchObject(
      { name: 'Byte Club', description: 'x\ny' },
    );
    expect(updateCourseBodySchema.parse({ title: 'Distributed\r\nSystems' })).toEqual({
      title: 'Distributed Systems',
    });
    // Only controls is empty, so required.
    expect(createTeamBodySchema.safeParse({ name: '\r\n\t' }).success).toBe(false);
  });
});
