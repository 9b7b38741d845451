import { resolvePicturePath } from '@qbank/shared/pictures';
import type { FileStore } from '../core/file-store';

// Pictures for the Word export: which stored files a problem refers to, and their kind and
// pixel size read from the file header (so the document keeps the aspect ratio without an
// image library). Word shows PNG, JPEG and GIF; anything else is left out of the document.

export type WordImageType = 'png' | 'jpg' | 'gif';

export interface ExportImage {
  data: Buffer;
  type: WordImageType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Upload names are content hashes with an extension; nothing with a path separator or `..`.
const UPLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const DATA_URL = /^data:image\/(png|jpeg|gif);base64,([A-Za-z0-9+/=\s]+)$/i;

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] as number;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0–SOF15 carry the frame size; C4 (Huffman tables), C8 and CC (arithmetic) do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/** The kind and pixel size of a PNG, JPEG or GIF; null for anything else or a broken header. */
export function readImageInfo(bytes: Buffer): { type: WordImageType; width: number; height: number } | null {
  let size: { width: number; height: number } | null = null;
  let type: WordImageType | null = null;
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.subarray(12, 16).toString('latin1') === 'IHDR') {
    type = 'png';
    size = { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  } else if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    type = 'jpg';
    size = jpegSize(bytes);
  } else if (bytes.length >= 10 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) {
    type = 'gif';
    size = { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (!type || !size || size.width < 1 || size.height < 1) return null;
  return { type, ...size };
}

/**
 * The file name under the uploads directory that a stored picture reference points to
 * (`/uploads/<name>` or a bare `<name>`, as `problems.*_pic_path` holds them, db/schema.ts); null for outside addresses and anything
 * that would leave the directory.
 */
export function uploadFileName(ref: string): string | null {
  const resolved = resolvePicturePath(ref);
  if (!resolved?.startsWith('/uploads/')) return null;
  let name: string;
  try {
    name = decodeURIComponent(resolved.slice('/uploads/'.length).split(/[?#]/)[0] ?? '');
  } catch {
    return null;
  }
  return UPLOAD_NAME.test(name) && !name.includes('..') ? name : null;
}

/** The key an image is known by in the export: its resolved path, or the data URL itself. */
export function imageKey(ref: string): string | null {
  const value = ref.trim();
  if (DATA_URL.test(value)) return value;
  const name = uploadFileName(value);
  return name ? `/uploads/${name}` : null;
}

const IMG_SRC = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

/** The `src` of every `<img>` in stored (sanitized) HTML. */
export function imageSourcesInHtml(html: string): string[] {
  return [...html.matchAll(IMG_SRC)].map((match) => (match[1] ?? match[2] ?? '').replaceAll('&amp;', '&'));
}

async function loadOne(store: FileStore, key: string): Promise<ExportImage | null> {
  let data: Buffer;
  const inline = DATA_URL.exec(key);
  if (inline) {
    data = Buffer.from((inline[2] ?? '').replace(/\s+/g, ''), 'base64');
  } else {
    // A picture whose file is gone is left out of the document, never an error.
    const stored = await store.read(key.slice(1)).catch(() => null);
    if (!stored) return null;
    data = stored;
  }
  const info = readImageInfo(data);
  return info ? { data, ...info } : null;
}

/** Reads each referenced picture once; the ones that are missing or not PNG/JPEG/GIF are absent. */
export async function loadImages(store: FileStore, refs: Iterable<string | null | undefined>): Promise<Map<string, ExportImage>> {
  const keys = new Set<string>();
  for (const ref of refs) {
    const key = ref ? imageKey(ref) : null;
    if (key) keys.add(key);
  }
  const loaded = await Promise.all([...keys].map(async (key) => [key, await loadOne(store, key)] as const));
  const images = new Map<string, ExportImage>();
  for (const [key, image] of loaded) if (image) images.set(key, image);
  return images;
}
