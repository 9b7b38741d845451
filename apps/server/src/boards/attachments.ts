import { randomBytes } from 'node:crypto';
import { ATTACHMENT_FILENAME_MAX, ATTACHMENT_MAX_BYTES, base64DecodedSize, parseDataUrl, type AttachmentUpload } from '@qbank/shared/boards';
import { validationMessages } from '@qbank/shared/messages';
import { ERROR_CODES } from '@qbank/shared/errors';
import { storedKey, StoreUnavailableError, type FileStore } from '../core/file-store';
import { sniffImageKind } from '../uploads/storage';
import { AppError, validationError } from '../errors';

// Post attachments: any type, stored as opaque files under attachments/ (DATA_DIR or the bucket) —
// a folder that is never served statically (unlike /uploads). Files get a random name, so nothing about the
// upload (its name, its type) reaches the file system, and every download goes through the
// guarded route, which always answers application/octet-stream as an attachment.

const STORED_NAME = /^[0-9a-f]{32}$/;
const FALLBACK_NAME = 'attachment';

export interface PreparedAttachment {
  bytes: Buffer;
  filename: string;
  size: number;
  mime: string;
}

/**
 * The name shown and offered on download: NFC (macOS sends decomposed Hangul), no folders,
 * no control or bidirectional-override characters (they disguise `exe.pdf` as `fdp.exe`),
 * at most 255 characters with the extension kept.
 */
function sanitizeFileName(raw: string): string {
  const base = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  const name = cleaned || FALLBACK_NAME;
  const chars = [...name];
  if (chars.length <= ATTACHMENT_FILENAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  const keep = extension.length > 0 && extension.length <= 16 ? extension : [];
  return [...chars.slice(0, ATTACHMENT_FILENAME_MAX - keep.length), ...keep].join('');
}

/** An ASCII name for clients that ignore `filename*`: the name itself when it is ASCII, else `attachment.<ext>`. */
export function asciiFallbackName(fileName: string): string {
  if (/^[\x20-\x7e]+$/.test(fileName)) return fileName;
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(fileName)?.[0] ?? '';
  return `${FALLBACK_NAME}${extension}`;
}

const SIGNATURES: Array<{ mime: string; test: (bytes: Buffer) => boolean }> = [
  { mime: 'application/pdf', test: (bytes) => bytes.subarray(0, 5).toString('latin1') === '%PDF-' },
];
const IMAGE_MIME = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;
const MIME_TOKEN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * The recorded type: the sniffed one when the bytes have an unambiguous signature, else the
 * browser's declared one when well-formed, else octet-stream. It is only a record (for the UI's
 * icon, say): downloads are always sent as application/octet-stream.
 */
function attachmentMime(bytes: Buffer, declared: string): string {
  const image = sniffImageKind(bytes);
  if (image) return IMAGE_MIME[image];
  const signed = SIGNATURES.find((signature) => signature.test(bytes));
  if (signed) return signed.mime;
  return MIME_TOKEN.test(declared) ? declared : 'application/octet-stream';
}

/** Decodes and checks an upload; nothing is written yet. */
export function prepareAttachment(upload: AttachmentUpload): PreparedAttachment {
  const parsed = parseDataUrl(upload.data_url);
  if (!parsed) throw validationError(validationMessages.attachmentDataInvalid, { 'attachment.data_url': validationMessages.attachmentDataInvalid });
  // Checked before decoding, so an oversized payload is never copied into a buffer.
  if (base64DecodedSize(parsed.base64) > ATTACHMENT_MAX_BYTES) {
    throw new AppError(413, ERROR_CODES.tooLarge, validationMessages.attachmentTooLarge, { 'attachment.data_url': validationMessages.attachmentTooLarge });
  }
  const bytes = Buffer.from(parsed.base64, 'base64');
  if (bytes.length === 0) throw validationError(validationMessages.attachmentEmpty, { 'attachment.data_url': validationMessages.attachmentEmpty });
  return { bytes, filename: sanitizeFileName(upload.filename), size: bytes.length, mime: attachmentMime(bytes, parsed.declaredType) };
}

/** Writes the file and returns its stored name (the `attached_path` column). */
export async function writeAttachment(store: FileStore, bytes: Buffer): Promise<string> {
  const name = randomBytes(16).toString('hex');
  await store.put(storedKey('attachments', name), bytes);
  return name;
}

/** The store key of a stored attachment; null for a value that is not one of our names. */
export function attachmentKey(storedName: string): string | null {
  return STORED_NAME.test(storedName) ? storedKey('attachments', storedName) : null;
}

/**
 * Removes a stored attachment; a file already gone is fine. Callers remove a file once no row
 * points at it, so a store that is down then leaves an unreferenced file, as a crash in between
 * would, rather than failing a write that is already saved (or hiding the error of one that failed).
 */
export async function removeAttachment(store: FileStore, storedName: string | null | undefined): Promise<void> {
  if (!storedName) return;
  const key = attachmentKey(storedName);
  if (!key) return;
  try {
    await store.remove(key);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
  }
}
