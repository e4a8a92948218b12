// A compiled row mapper for drizzle's prepared selects (decision 102, next step 1).
//
// drizzle maps every cell of every row through `mapResultRow`: per cell it asks `is(field,
// Column)` (twice, as a select always carries its joins' nullability), walks the field's path
// with an iterator and picks the decoder again. None of that changes between rows, or between
// executions of one prepared statement. `fastPrepared` leaves drizzle's `execute` as it is (the
// parameters, logging, tracing, the driver call) and gives it, as its result mapper, a function
// compiled once from the statement's field list: one object literal per row, each cell decoded
// by the decoder drizzle would use, left-joined objects whose first column is null set to null
// as drizzle does it. Both drivers (node-postgres, PGlite) ask for array rows and hand them to
// that mapper in the same way.
import { Column, getTableName, is, noopDecoder, SQL, type DriverValueDecoder } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';

/** One selected field, as drizzle's `orderSelectedFields` lists it for a prepared select. */
interface OrderedField {
  path: string[];
  field: unknown;
}

/** What the two drivers' prepared queries keep (private in drizzle's types, 0.44). */
interface PreparedInternals {
  fields?: OrderedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

type RowMapper = (rows: unknown[][]) => Record<string, unknown>[];

/** Decoders that return the value they are given: no call is made for them. */
const identityDecoders = new Set<unknown>([
  Column.prototype.mapFromDriverValue,
  noopDecoder.mapFromDriverValue,
]);

interface WithDecoder {
  decoder: DriverValueDecoder<unknown, unknown>;
}

/** The decoder drizzle's mapResultRow picks for a field. */
function decoderOf(field: unknown): DriverValueDecoder<unknown, unknown> {
  if (is(field, Column)) return field;
  // `decoder` is internal in drizzle's types: what mapWith sets, a pass-through otherwise.
  if (is(field, SQL)) return (field as unknown as WithDecoder).decoder;
  return ((field as SQL.Aliased).sql as unknown as WithDecoder).decoder;
}

/** A node of the result's shape: a cell (the field's index) or a nested object. */
type ShapeNode = number | Map<string, ShapeNode>;

/**
 * The nested shape of a row, keys in the order drizzle creates them (first appearance), or
 * undefined when drizzle's own mapping would not give a plain tree (a key that objects inherit,
 * which its `in` test would mistake for a nested object; a key used as both a cell and an
 * object). Such a statement keeps drizzle's mapper.
 */
function shapeOf(fields: OrderedField[]): Map<string, ShapeNode> | undefined {
  const root = new Map<string, ShapeNode>();
  for (const [index, { path }] of fields.entries()) {
    if (path.length === 0) return undefined;
    let node = root;
    for (const [depth, key] of path.entries()) {
      if (key in Object.prototype) return undefined;
      const existing = node.get(key);
      if (depth === path.length - 1) {
        if (existing !== undefined) return undefined;
        node.set(key, index);
      } else {
        if (typeof existing === 'number') return undefined;
        const child = existing ?? new Map<string, ShapeNode>();
        node.set(key, child);
        node = child;
      }
    }
  }
  return root;
}

/**
 * Top-level objects drizzle sets to null, each with the field whose null decides it. drizzle
 * records, per object, the table of its first column (a Column at depth 2) when that column is
 * null; a later column of the object from another table cancels it; the object becomes null
 * when the recorded table is not marked not-nullable in the join map. So an object is nulled
 * exactly when all its depth-2 columns come from one table that the joins leave nullable, and
 * its first such column is null.
 */
function nullableObjects(
  fields: OrderedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): Map<string, number> {
  const result = new Map<string, number>();
  if (!joinsNotNullableMap) return result;
  const firstOf = new Map<string, { index: number; table: string; single: boolean }>();
  for (const [index, { path, field }] of fields.entries()) {
    if (!is(field, Column) || path.length !== 2) continue;
    const table = getTableName(field.table);
    const object = path[0]!;
    const first = firstOf.get(object);
    if (!first) firstOf.set(object, { index, table, single: true });
    else if (first.table !== table) first.single = false;
  }
  for (const [object, { index, table, single }] of firstOf) {
    if (single && !joinsNotNullableMap[table]) result.set(object, index);
  }
  return result;
}

/**
 * Compiles the mapper of one statement: the row loop and an object literal of its shape, built
 * with `new Function` so every row gets the same hidden class and no per-cell lookup. The
 * generated text holds no value from a row or a parameter: keys are written with
 * JSON.stringify, decoders are passed in as arguments.
 */
export function compileRowMapper(
  fields: OrderedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): RowMapper | undefined {
  const shape = shapeOf(fields);
  if (!shape) return undefined;
  const nulled = nullableObjects(fields, joinsNotNullableMap);
  const decoders = fields.map(({ field }) => decoderOf(field));

  const cells = decoders.map((decoder, i) =>
    identityDecoders.has(decoder.mapFromDriverValue)
      ? `const c${i} = r[${i}];`
      : `const a${i} = r[${i}]; const c${i} = a${i} === null ? null : d[${i}].mapFromDriverValue(a${i});`,
  );
  const literal = (node: Map<string, ShapeNode>, top: boolean): string => {
    const entries = [...node].map(([key, child]) => {
      if (typeof child === 'number') return `${JSON.stringify(key)}: c${child}`;
      const object = literal(child, false);
      const decides = top ? nulled.get(key) : undefined;
      const value = decides === undefined ? object : `c${decides} === null ? null : ${object}`;
      return `${JSON.stringify(key)}: ${value}`;
    });
    return `{ ${entries.join(', ')} }`;
  };
  const body = `
    const n = rows.length;
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
      const r = rows[i];
      ${cells.join('\n      ')}
      out[i] = ${literal(shape, true)};
    }
    return out;`;
  // The source URL names the generated function in stack traces and CPU profiles.
  const source = [
    `return function mapRows(rows) {${body}`,
    '};',
    '//# sourceURL=fast-prepared-row-mapper.js',
  ].join('\n');
  const make = new Function('d', source) as (
    d: DriverValueDecoder<unknown, unknown>[],
  ) => RowMapper;
  return make(decoders);
}

/**
 * The same prepared select, mapping its rows with a mapper compiled at its first execution
 * (same results as drizzle's, tested per statement in
 * test/modules/teams/teams-row-mapper.test.ts). Anything
 * that is not a prepared select of the two drivers, or whose shape drizzle would map oddly, is
 * returned untouched.
 */
export function fastPrepared<P extends { execute: (...args: never[]) => unknown }>(prepared: P): P {
  if (!is(prepared, NodePgPreparedQuery) && !is(prepared, PglitePreparedQuery)) return prepared;
  const internals = prepared as unknown as PreparedInternals;
  const { fields } = internals;
  if (!fields || internals.customResultMapper || !shapeOf(fields)) return prepared;
  let mapper: RowMapper | undefined;
  internals.customResultMapper = (rows) => {
    mapper ??= compileRowMapper(fields, internals.joinsNotNullableMap)!;
    return mapper(rows);
  };
  return prepared;
}
