import { POST_CONTENT_MAX, base64DecodedSize, parseDataUrl } from '@qbank/shared/boards';
import { htmlToPlainText } from '@qbank/shared/html-text';
import { validationMessages } from '@qbank/shared/messages';
import { ERROR_CODES } from '@qbank/shared/errors';
import { sanitizeRichHtml } from '../rich-text/html';
import { AppError, validationError } from '../errors';
import { messages } from '../messages';
import type { FileStore } from '../core/file-store';
import { sniffImageKind, storeImage } from '../uploads/storage';

// Decision 125 (images): an image pasted into a post arrives as a data URL; it is decoded,
// sniffed (PNG, JPEG, GIF, WebP), at most 5 MB, and stored under /uploads with a content-hash
// name, so the stored HTML carries a short link instead of megabytes of base64.
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

// These patterns run on sanitize-html's output only, where `<` and `>` in text and `"` in
// attribute values are escaped: every `<img` is a real tag and `src="…"` its real attribute.
const IMG_TAG = /<img\b[^>]*>/g;
const DATA_SRC = /\ssrc="(data:[^"]*)"/;

const contentField = (message: string) => validationError(message, { content: message });

function decodeImage(dataUrl: string): Buffer {
  const parsed = parseDataUrl(dataUrl);
  if (!parsed) throw contentField(messages.imageTypeUnsupported);
  if (base64DecodedSize(parsed.base64) > IMAGE_MAX_BYTES) {
    throw new AppError(413, ERROR_CODES.tooLarge, messages.imageTooLarge, { content: messages.imageTooLarge });
  }
  const bytes = Buffer.from(parsed.base64, 'base64');
  if (!sniffImageKind(bytes)) throw contentField(messages.imageTypeUnsupported);
  return bytes;
}

/**
 * The HTML body as stored: sanitized, inline images moved to /uploads, with text or an image
 * left, and at most 100,000 characters. Images are checked before any is written.
 */
export async function preparePostContent(rawHtml: string, store: FileStore): Promise<string> {
  // NUL is dropped as an HTML parser would; PostgreSQL refuses it in text.
  const sanitized = sanitizeRichHtml(rawHtml).replaceAll('\u0000', '');
  const hasImage = /<img\b/.test(sanitized);
  if (!hasImage && htmlToPlainText(sanitized) === '') throw contentField(validationMessages.postContentRequired);

  const images = new Map<string, Buffer>();
  for (const tag of sanitized.match(IMG_TAG) ?? []) {
    const src = DATA_SRC.exec(tag)?.[1];
    if (src && !images.has(src)) images.set(src, decodeImage(src));
  }
  const links = new Map<string, string>();
  for (const [src, bytes] of images) links.set(src, await storeImage(store, bytes));
  const html =
    links.size === 0
      ? sanitized
      : sanitized.replace(IMG_TAG, (tag) =>
          tag.replace(DATA_SRC, (whole, src: string) => {
            const link = links.get(src);
            return link ? ` src="${link}"` : whole;
          }),
        );

  if (html.length > POST_CONTENT_MAX) throw contentField(validationMessages.postContentTooLong);
  return html;
}
