import { createHash } from 'node:crypto';
import { storedKey, type FileStore } from '../core/file-store';

// Decision 125: images are stored under uploads/ (DATA_DIR or the bucket) with a content-hash
// name and served at /uploads/<name>. The same bytes always map to the same file.
export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp';

const EXTENSIONS: Record<ImageKind, string> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };
const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

export function sniffImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && (bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** Stores the image and returns its public path (`/uploads/<sha256>.<ext>`). */
export async function storeImage(store: FileStore, bytes: Buffer): Promise<string> {
  const kind = sniffImageKind(bytes);
  if (!kind) throw new Error('not a supported image');
  const name = `${createHash('sha256').update(bytes).digest('hex')}.${EXTENSIONS[kind]}`;
  await store.put(storedKey('uploads', name), bytes, { contentType: IMAGE_CONTENT_TYPES[kind], ifAbsent: true });
  return `/uploads/${name}`;
}
