import { z } from 'zod';
import {
  defined,
  isUuid,
  optionalBoolean,
  optionalEnum,
  optionalPage,
  optionalString,
  optionalStringList,
  optionalUuid,
} from './search-params';

// The zod rules the routes had; the hand checks must answer the same for every sample.
const SAMPLES: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  '  padded  ',
  'x'.repeat(100),
  'x'.repeat(101),
  ` ${'y'.repeat(200)} `,
  'y'.repeat(201),
  '0',
  '1',
  '3',
  '2.5',
  '-1',
  'abc',
  0,
  1,
  7,
  1.5,
  -2,
  Number.NaN,
  true,
  false,
  'true',
  'ACTIVE',
  'active',
  '3f2b8c1e-6d4a-4f7b-9c2d-1a2b3c4d5e6f',
  '3F2B8C1E-6D4A-4F7B-9C2D-1A2B3C4D5E6F',
  '3f2b8c1e-6d4a-9f7b-9c2d-1a2b3c4d5e6f',
  '3f2b8c1e-6d4a-4f7b-7c2d-1a2b3c4d5e6f',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '3f2b8c1e6d4a4f7b9c2d1a2b3c4d5e6f',
  ['1'],
  [' React ', 'SQL'],
  ['React', 'react'],
  [],
  [''],
  ['a', 'b', 'c', 'd', 'e', 'f'],
  ['x'.repeat(41)],
  [1],
  { page: 1 },
];

const STATUSES = ['PENDING', 'ACTIVE', 'INACTIVE'] as const;

const pairs: [string, (v: unknown) => unknown, z.ZodType][] = [
  ['uuid', optionalUuid, z.uuid().optional().catch(undefined)],
  [
    'trimmed string ≤ 200',
    (v) => optionalString(v, { max: 200, trim: true }),
    z.string().trim().max(200).optional().catch(undefined),
  ],
  [
    'string ≤ 100',
    (v) => optionalString(v, { max: 100 }),
    z.string().max(100).optional().catch(undefined),
  ],
  ['boolean', optionalBoolean, z.boolean().optional().catch(undefined)],
  ['enum', (v) => optionalEnum(v, STATUSES), z.enum(STATUSES).optional().catch(undefined)],
  ['coerced page', optionalPage, z.coerce.number().int().min(1).optional().catch(undefined)],
  [
    'number page',
    (v) => optionalPage(v, { coerce: false }),
    z.number().int().min(1).optional().catch(undefined),
  ],
  [
    'string list',
    (v) => optionalStringList(v, { max: 40, maxItems: 5 }),
    z
      .array(z.string().trim().min(1).max(40))
      .min(1)
      .max(5)
      .transform((list) =>
        list.filter((s, i) => list.findIndex((o) => o.toLowerCase() === s.toLowerCase()) === i),
      )
      .optional()
      .catch(undefined),
  ],
];

describe('search-params', () => {
  it.each(pairs)('%s answers what the zod rule answered', (_name, check, schema) => {
    for (const value of SAMPLES) {
      expect({ value, result: check(value) }).toEqual({ value, result: schema.parse(value) });
    }
  });

  it('isUuid accepts only UUID strings', () => {
    expect(isUuid('3f2b8c1e-6d4a-4f7b-9c2d-1a2b3c4d5e6f')).toBe(true);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });

  it('defined leaves out the keys without a value', () => {
    expect(defined({ a: 1, b: undefined, c: '' })).toEqual({ a: 1, c: '' });
    expect(Object.keys(defined({ b: undefined }))).toEqual([]);
  });
});
