/**
 * Picture paths that are not absolute URLs are resolved against the file host,
 * prefixed with /uploads/ when they carry no leading slash. Inline data URLs pass as they are.
 */
export function resolvePicturePath(path: string | null | undefined, fileHost = ''): string | null {
  const value = path?.trim();
  if (!value) return null;
  if (/^(https?:)?\/\//i.test(value) || value.startsWith('data:image/')) return value;
  const host = fileHost.replace(/\/$/, '');
  return value.startsWith('/') ? `${host}${value}` : `${host}/uploads/${value}`;
}
