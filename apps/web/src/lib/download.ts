import { apiErrorSchema } from '@qbank/shared/errors';
import { commonMessages as messages } from '../common/messages';
import { ApiRequestError } from './api-client';

// The download helper (decision 024): an authenticated GET of a path (the session rides on the HttpOnly
// cookie, like every API call), the file name from Content-Disposition — the UTF-8 `filename*`
// preferred over the plain `filename` — or the supplied fallback, and the body saved as a file.
// A failure is an ApiRequestError carrying the server's Korean message.

/** The file name a Content-Disposition header names, or null when it names none. */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  // RFC 6266 / 8187: filename*=UTF-8'lang'percent-encoded
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    const charset = extended[1]?.trim().toLowerCase();
    const value = extended[2].trim().replace(/^"(.*)"$/, '$1');
    if (!charset || charset === 'utf-8') {
      try {
        const decoded = decodeURIComponent(value);
        if (decoded) return decoded;
      } catch {
        // A malformed encoding: fall back to the plain name.
      }
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1]) return quoted[1].replace(/\\(.)/g, '$1');
  const token = /(?:^|;)\s*filename\s*=\s*([^;"\s]+)/i.exec(header);
  return token?.[1] ?? null;
}

/** Saves a blob under a name through a temporary object URL and `<a download>`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; let them before letting it go.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function failure(response: Response): Promise<ApiRequestError> {
  let body: unknown = null;
  try {
    const text = await response.text();
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // Not JSON: the status says enough.
  }
  const parsed = apiErrorSchema.safeParse(body);
  const apiError = parsed.success ? parsed.data : undefined;
  return new ApiRequestError({
    status: response.status,
    message: apiError?.message || messages.errors.requestFailed(response.status),
    ...(apiError?.code ? { code: apiError.code } : {}),
    body,
  });
}

/** Downloads `path` and saves it; resolves with the name the file was saved under. */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'GET', credentials: 'include' });
  } catch (error) {
    throw new ApiRequestError({ status: 0, message: messages.errors.network, code: 'NETWORK', body: error });
  }
  if (!response.ok) throw await failure(response);
  const blob = await response.blob();
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(blob, fileName);
  return fileName;
}
