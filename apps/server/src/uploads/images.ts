import { IMAGE_MAX_BYTES } from '@qbank/shared/authoring';
import { base64DecodedSize, parseDataUrl } from '@qbank/shared/boards';
import { ERROR_CODES } from '@qbank/shared/errors';
import { AppError, validationError } from '../errors';
import { messages } from '../messages';
import type { FileStore } from '../core/file-store';
import { sniffImageKind, storeImage } from './storage';

// Decision 125 (images) for problem and set-header pictures: a data URL is decoded, its bytes
// sniffed (PNG, JPEG, GIF, WebP only — the declared type is not trusted), at most 5 MB, and
// stored under /uploads with a content-hash name. Every image of a request is checked before
// any is written, so a bad second picture leaves nothing behind.

const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9_-]{0,200}\.[a-z0-9]{1,8}$/;

// These patterns run on sanitize-html's output only, where `<` and `>` in text and `"` in
// attribute values are escaped: every `<img` is a real tag and `src="…"` its real attribute.
const IMG_TAG = /<img\b[^>]*>/g;
const DATA_SRC = /\ssrc="(data:[^"]*)"/;

export function isDataUrl(value: string): boolean {
  return value.startsWith('data:');
}

/** A path this server hands out for an upload (`/uploads/<name>.<ext>`), nothing else. */
export function isUploadPath(value: string): boolean {
  return UPLOAD_PATH.test(value);
}

/** The stored upload behind a `/uploads/…` path exists. */
export async function uploadExists(store: FileStore, uploadPath: string): Promise<boolean> {
  if (!isUploadPath(uploadPath)) return false;
  return (await store.size(uploadPath.slice(1))) !== null;
}

/** Decodes and checks one data URL: 400 when it is not a supported image, 413 above 5 MB. */
export function decodeImageDataUrl(dataUrl: string, field: string): Buffer {
  const parsed = parseDataUrl(dataUrl);
  if (!parsed) throw validationError(messages.imageTypeUnsupported, { [field]: messages.imageTypeUnsupported });
  // Checked before decoding, so an oversized payload is never copied into a buffer.
  if (base64DecodedSize(parsed.base64) > IMAGE_MAX_BYTES) {
    throw new AppError(413, ERROR_CODES.tooLarge, messages.imageTooLarge, { [field]: messages.imageTooLarge });
  }
  const bytes = Buffer.from(parsed.base64, 'base64');
  if (!sniffImageKind(bytes)) throw validationError(messages.imageTypeUnsupported, { [field]: messages.imageTypeUnsupported });
  return bytes;
}

/** The images of one request: checked when added, written together by storeAll. */
export class PendingImages {
  private readonly images = new Map<string, Buffer>();

  constructor(private readonly store: FileStore) {}

  add(dataUrl: string, field: string): void {
    if (!this.images.has(dataUrl)) this.images.set(dataUrl, decodeImageDataUrl(dataUrl, field));
  }

  /** Adds every inline data-URL image of sanitized HTML. */
  addInline(html: string, field: string): void {
    for (const tag of html.match(IMG_TAG) ?? []) {
      const src = DATA_SRC.exec(tag)?.[1];
      if (src) this.add(src, field);
    }
  }

  /** Writes the images; returns data URL → public path. */
  async storeAll(): Promise<Map<string, string>> {
    const links = new Map<string, string>();
    for (const [dataUrl, bytes] of this.images) links.set(dataUrl, await storeImage(this.store, bytes));
    return links;
  }
}

/** Sanitized HTML with its inline data-URL images replaced by their stored paths. */
export function linkInlineImages(html: string, links: Map<string, string>): string {
  if (links.size === 0) return html;
  return html.replace(IMG_TAG, (tag) =>
    tag.replace(DATA_SRC, (whole, src: string) => {
      const link = links.get(src);
      return link ? ` src="${link}"` : whole;
    }),
  );
}
