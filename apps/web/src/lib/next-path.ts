import { paths } from './paths';

// Browsers drop tabs and newlines inside URLs and read "\" as "/", so "/\evil.example" or
// "/\t/evil.example" would become the protocol-relative "//evil.example". Refuse all of them.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const UNSAFE_CHARS = /[\u0000-\u001f\u007f\\]/;
const PROBE_ORIGIN = 'https://qbank.invalid';

/**
 * The `next` query parameter of /login and /signup: only a path on this site is accepted
 * ("/..." but not "//..."); anything else falls back to /home, so a crafted link cannot send
 * a member to another site after they sign in.
 */
export function sanitizeNextPath(raw: string | null | undefined, fallback: string = paths.home.path): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || UNSAFE_CHARS.test(raw)) return fallback;
  try {
    if (new URL(raw, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return fallback;
  } catch {
    return fallback;
  }
  return raw;
}

/** The current location as a `next` value: path and query (the hash stays on this page). */
export function nextFromLocation(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}
