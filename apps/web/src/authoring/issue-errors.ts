/** The first message of each field from a failed zod check; keyOf names the field an issue's path points to. */
export function firstIssueMessages<K extends string>(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  keyOf: (path0: string) => K,
): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of issues) {
    const key = keyOf(String(issue.path[0]));
    if (!errors[key]) errors[key] = issue.message;
  }
  return errors;
}
