/**
 * Search-param and path-param checks for route files (decision 095). Route `validateSearch`,
 * `loaderDeps` and loaders stay in the entry chunk, so they must not need zod: these mirror the
 * `z.….optional().catch(undefined)` rules the routes had, value by value. A bad value becomes
 * `undefined` (the param is dropped), never an error page.
 */

// Any version of RFC 9562, plus the nil and max values: what `z.uuid()` accepts.
const UUID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function optionalUuid(value: unknown): string | undefined {
  return isUuid(value) ? value : undefined;
}

/** A string of at most `max` characters, trimmed first when `trim` is set. */
export function optionalString(
  value: unknown,
  { max, trim = false }: { max: number; trim?: boolean },
): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = trim ? value.trim() : value;
  return text.length <= max ? text : undefined;
}

export function optionalBoolean(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

export function optionalEnum<const T extends readonly string[]>(
  value: unknown,
  options: T,
): T[number] | undefined {
  return typeof value === 'string' && options.includes(value) ? value : undefined;
}

/** A page number ≥ 1; with `coerce`, a numeric string counts too (`z.coerce.number()`). */
export function optionalPage(value: unknown, { coerce = true } = {}): number | undefined {
  if (value === undefined) return undefined;
  if (!coerce && typeof value !== 'number') return undefined;
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : undefined;
}

/** Drops the keys whose value is `undefined`, as a zod object leaves optional keys out. */
export function defined<T extends Record<string, unknown>>(search: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(search)) if (value !== undefined) out[key] = value;
  return out as T;
}

/**
 * A list of at most `maxItems` strings, each trimmed and 1 to `max` characters, duplicates
 * (ignoring case) dropped: `z.array(z.string().trim().min(1).max(max)).max(maxItems)` with the
 * duplicates removed. An empty list or any bad item drops the param.
 */
export function optionalStringList(
  value: unknown,
  { max, maxItems }: { max: number; maxItems: number },
): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > maxItems) return undefined;
  const out: string[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'string') return undefined;
    const text = item.trim();
    if (text.length < 1 || text.length > max) return undefined;
    if (!out.some((o) => o.toLowerCase() === text.toLowerCase())) out.push(text);
  }
  return out;
}
