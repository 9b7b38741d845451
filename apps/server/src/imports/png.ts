import { crc32, deflateSync } from 'node:zlib';

// A PDF's pictures reach us as decoded pixels (PDF.js turns JPEG, JBIG2 and the rest into raw
// rows); a problem keeps its pictures as PNG, so the pixels are written back as one.

/** PDF.js's pixel layouts: 1 bit grey, 8 bit RGB, 8 bit RGBA. */
export const PIXEL_KINDS = { grayscale1bpp: 1, rgb24: 2, rgba32: 3 } as const;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** PNG bytes of `width`×`height` pixels laid out as PDF.js lays them out (`kind`). */
export function encodePng(width: number, height: number, kind: number, pixels: Uint8Array | Uint8ClampedArray): Buffer {
  const channels = kind === PIXEL_KINDS.rgba32 ? 4 : kind === PIXEL_KINDS.rgb24 ? 3 : 1;
  const colorType = channels === 4 ? 6 : channels === 3 ? 2 : 0;
  const stride = width * channels;
  const raw = Buffer.alloc((stride + 1) * height);
  // 1 bit rows are padded to whole bytes; every other layout is packed.
  const sourceStride = kind === PIXEL_KINDS.grayscale1bpp ? Math.ceil(width / 8) : stride;
  for (let row = 0; row < height; row += 1) {
    const at = row * (stride + 1) + 1;
    if (kind === PIXEL_KINDS.grayscale1bpp) {
      for (let x = 0; x < width; x += 1) raw[at + x] = (pixels[row * sourceStride + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
    } else {
      raw.set(pixels.subarray(row * sourceStride, row * sourceStride + stride), at);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colorType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
