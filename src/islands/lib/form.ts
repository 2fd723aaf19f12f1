import * as v from "valibot";

export type FieldErrors = Record<string, string | undefined>;

/** Validates with the shared schema and returns the first message per field. */
export function validate<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { ok: true; data: v.InferOutput<S> } | { ok: false; errors: FieldErrors } {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, data: result.output };
  const flat = v.flatten<S>(result.issues);
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(flat.nested ?? {})) {
    if (Array.isArray(messages) && messages[0]) errors[key] = messages[0];
  }
  if (flat.root?.[0]) errors.form = flat.root[0];
  return { ok: false, errors };
}

export function formValues(form: HTMLFormElement): Record<string, string> {
  return Object.fromEntries([...new FormData(form)].map(([k, val]) => [k, String(val)]));
}

/**
 * The errors of `shown` that `now` still has, with their newer texts: a field's error goes as
 * soon as its value is right (issue 23), and typing never flags a field not flagged yet.
 */
export function stillWrong<K extends string>(
  shown: Partial<Record<K, string>>,
  now: Partial<Record<K, string>>,
): Partial<Record<K, string>> {
  const kept: Partial<Record<K, string>> = {};
  for (const key of Object.keys(shown) as K[]) if (shown[key] && now[key]) kept[key] = now[key];
  return kept;
}
