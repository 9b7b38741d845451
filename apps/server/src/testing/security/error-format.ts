import type { LightMyRequestResponse } from 'fastify';
import { ERROR_CODES } from '@qbank/shared/errors';

// Decision 121: every refusal is JSON `{message, code, fields?}` (a 5xx adds `request_id`, decision
// 133), the message a Korean sentence,
// the code one of the stable codes; never a stack trace, never a 5xx for bad input.

const HANGUL = /[\uac00-\ud7a3]/;
const KNOWN_CODES = new Set<string>(Object.values(ERROR_CODES));

// What an internal error would show: stack frames, file paths, driver and SQL texts, JS errors.
const LEAKS: ReadonlyArray<[string, RegExp]> = [
  ['stack frame', /\bat (?:async )?[\w$.<>[\] ]+ \(|\bat (?:file|node):/],
  ['source path', /(?:\/[\w.-]+)+\.(?:ts|js|mjs|cjs)\b|node_modules|node:internal/],
  [
    'SQL or driver text',
    /SQLITE_|sqlite3?\b|\bpg\b|postgres|syntax error at|violates .*constraint|\brelation "|duplicate key|\bselect\b.*\bfrom\b|\binsert into\b|kysely/i,
  ],
  ['JS error name', /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|ZodError|FastifyError|FST_ERR_\w+)\b/],
  ['English library message', /\b(?:Unexpected token|is not valid JSON|Body cannot be empty|must be|Invalid input|expected|Required)\b/],
];

/** What the check reads of an answer: an inject() response, or one read off a socket. */
export type ErrorResponse = Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body' | 'json'>;

/** Problems with an error response, as sentences (empty when it follows decision 121). */
export function errorFormatProblems(response: ErrorResponse): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`status ${status}`);
  if (status < 400) return problems;
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) problems.push(`content-type ${type || 'none'}`);
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return [...problems, `body is not JSON: ${response.body.slice(0, 200)}`];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [...problems, `body is not an object: ${response.body.slice(0, 200)}`];
  const { message, code, fields, request_id: requestId, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0) problems.push(`extra keys ${Object.keys(rest).join(', ')}`);
  if (requestId !== undefined && typeof requestId !== 'string') problems.push('request_id is not a string');
  if (typeof message !== 'string' || !HANGUL.test(message)) problems.push(`message is not Korean: ${JSON.stringify(message)}`);
  if (typeof code !== 'string' || !KNOWN_CODES.has(code)) problems.push(`unknown code ${JSON.stringify(code)}`);
  if (fields !== undefined) {
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) problems.push('fields is not an object');
    else if (Object.values(fields).some((value) => typeof value !== 'string' || !HANGUL.test(value)))
      problems.push(`fields are not Korean sentences: ${JSON.stringify(fields).slice(0, 200)}`);
  }
  // Field names may echo what the client sent; the sentences are ours and must not leak.
  const ours = [message, code, ...(fields && typeof fields === 'object' ? Object.values(fields) : [])].filter((v) => typeof v === 'string').join('\n');
  for (const [what, pattern] of LEAKS) if (pattern.test(ours)) problems.push(`${what} in ${JSON.stringify(ours).slice(0, 300)}`);
  return problems;
}
