import fc from 'fast-check';
import type { Json } from './requests';

// What an attacker or a broken client sends instead of a well-formed request, as fast-check
// arbitraries: hostile strings and numbers, wrong types, prototype keys, deep nesting, huge
// texts and raw bytes that are not JSON at all.

const HOSTILE_STRINGS: readonly string[] = [
  '', ' ', '\t', '0', '-1', '-0', '00', '1.5', '1e3', '1e309', '-1e309', 'NaN', 'Infinity', '-Infinity',
  '9007199254740992', '9007199254740993', '2147483647', '2147483648', '-2147483649', '99999999999999999999999',
  '0x10', '0b1', '1_000', ' 1', '1 ', '+1', '１', '٣', 'abc', 'null', 'undefined', 'true', 'false', '[]', '{}',
  '../', '../../../../etc/passwd', '..\\..\\windows\\win.ini', '/uploads/../../secret', '%00', '\u0000', 'a\u0000b', '%', '%zz',
  '\u202egnp.exe', '\u200b', '\ufeff', '\ud800', '\udfff', '🩺', '👩‍⚕️', '🇰🇷', 'e\u0301', '\u1100\u1161\u11a8',
  "' OR '1'='1", "'; DROP TABLE members; --", '" OR ""="', '%_%', '\\', '\\\'', '`', '$1', '?', ':id', '%s%s%s%n',
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'javascript:alert(1)', '{{7*7}}', '${7*7}',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
  'data:image/png;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+', 'data:text/html,<script>alert(1)</script>',
  '가'.repeat(300), 'x'.repeat(5000),
];

const HOSTILE_NUMBERS: readonly number[] = [
  0, -0, -1, 1, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER,
  Number.MAX_VALUE, Number.MIN_VALUE, 1.5, 0.1, -0.5, 1e21, 1e-7,
];

/** A JSON value of any type, biased towards the hostile ones. */
export const hostileJson: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom<Json>(true, false, null, [], {}, [1], ['a'], { a: 1 }, [[[]]], [null], { '': '' }) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
);

/** A path or query value: hostile text, any integer, any text. */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);

/** Path segments sent without encoding: traversal, encoded NUL and slashes, broken escapes. */
export const RAW_PATH_SEGMENTS: readonly string[] = [
  '..', '../..', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%00', '1%00', '%zz', '%', '1;DROP', '1%27', '%ED%A0%80', '%C0%AE', '1.0',
  '-1', '0', '9007199254740992', 'abc', '1e3', '%20', '%E2%80%AE', '__proto__', 'constructor', '1?x=1', '1#x', '%3Cscript%3E',
];

/** Raw numerals JavaScript cannot write but JSON allows. */
export const RAW_NUMERALS: readonly string[] = [
  '1e309', '-1e309', '-0', '-0.0', '1E400', '1e-400', '123456789012345678901234567890', '1.0', '2e0', '0.1e1', '1' + '0'.repeat(400),
];

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** Whole bodies that are not what a JSON parser or the schema expects. */
export const RAW_BODIES: readonly string[] = [
  '', ' ', '{', '}', '[', '{"a":', '{"a":}', '{a:1}', "{'a':1}", '{"a":1,}', '[1,]', 'nul', 'NaN', '{"a":NaN}', 'Infinity', 'undefined',
  '1e309', '-0', '"text"', 'true', 'null', '[]', '{}', '[{}]', '\ufeff{}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"a":1}{"b":2}',
  '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}', '{"a":1,"a":2}',
  deepArray(100), deepArray(10_000), deepObject(100), deepObject(5_000), `[${'1,'.repeat(50_000)}1]`,
  '\u0000', '\xff\xfe', '<xml/>', 'a=1&b=2',
];

export const WRONG_CONTENT_TYPES: readonly string[] = [
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/jsonx',
  'application/json; charset=utf-16', 'application/json; charset=latin1', 'text/html', '*/*', 'application/octet-stream', 'image/png',
];

/** Keys that must never reach an object's prototype, and keys no schema has. */
export const HOSTILE_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isAdmin', 'authority', 'member_code', '', ' ', '가', 'a.b', 'a[b]', '$where'];

/** Large texts, by size in characters (the 1 MB default body limit sits in between). */
export const HUGE_SIZES: readonly number[] = [10_000, 200_000, 900_000, 1_100_000];
