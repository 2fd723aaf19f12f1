import type * as v from "valibot";

/**
 * The message an object schema gives when a key is missing, or when the input is no object
 * at all (no body): valibot reports both as the object's own issue, "Invalid key: Expected
 * …" or "Invalid type: Expected Object …", and those raw texts would reach the member. A
 * missing key gets its own message from `missing` (keys not named there, and a missing
 * body, get `otherwise`), so a route answers the spec's text whatever was left out.
 */
export function objectMessages(
  missing: Readonly<Record<string, string>>,
  otherwise: string,
): (issue: v.ObjectIssue | v.StrictObjectIssue) => string {
  return (issue) => {
    const key = issue.path?.[issue.path.length - 1]?.key;
    return (typeof key === "string" && Object.hasOwn(missing, key) ? missing[key] : undefined) ?? otherwise;
  };
}
