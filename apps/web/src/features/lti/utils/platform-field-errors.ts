/**
 * One message per input of the platform forms: "deploymentIds.2" belongs to the deployment IDs
 * input; a path that is no field of the form stays as it is.
 */
export function byInput(
  errors: Record<string, string>,
  fields: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0] ?? path;
    out[fields.includes(field) ? field : path] ??= message;
  }
  return out;
}
