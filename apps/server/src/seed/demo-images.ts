import { deflateSync } from 'node:zlib';
import font from './demo-font.json';

// Small demo pictures for the seeded problems, drawn in pure Node: an 8-bit PNG encoder
// (zlib deflate + CRC-32) and a tiny raster with lines, discs and a 5x7 bitmap font.
// Everything is deterministic, so the same bytes (and the same /uploads/<hash>.png names)
// come out on every run.

// ---------------------------------------------------------------- PNG encoding

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Encodes 8-bit greyscale (channels 1) or RGB (channels 3) pixels, row-major, as a PNG. */
export function encodePng(width: number, height: number, channels: 1 | 3, pixels: Uint8Array): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new Error('invalid image size');
  }
  const stride = width * channels;
  if (pixels.length !== stride * height) throw new Error('pixel buffer does not match the image size');
  // Every scanline uses the "Sub" filter (type 1): each byte minus the same channel of the
  // pixel to its left. Smooth pictures then deflate to a fraction of their size.
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const out = y * (stride + 1);
    const row = y * stride;
    raw[out] = 1;
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? (pixels[row + i - channels] as number) : 0;
      raw[out + 1 + i] = ((pixels[row + i] as number) - left) & 0xff;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = channels === 1 ? 0 : 2; // colour type: greyscale or truecolour
  ihdr[10] = 0; // deflate
  ihdr[11] = 0; // adaptive filtering
  ihdr[12] = 0; // no interlace
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
}

// ---------------------------------------------------------------- drawing

export type Color = readonly number[];

// 5x7 glyphs for the few labels the pictures need ('#' lit, '.' dark), a data table in demo-font.json.
const FONT: Record<string, readonly string[]> = font;

export class Raster {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly channels: 1 | 3,
    background: Color,
  ) {
    this.data = new Uint8Array(width * height * channels);
    for (let i = 0; i < width * height; i++) {
      for (let k = 0; k < channels; k++) this.data[i * channels + k] = clampByte(background[k] ?? 0);
    }
  }

  set(x: number, y: number, color: Color, alpha = 1): void {
    const px = Math.round(x);
    const py = Math.round(y);
    if (px < 0 || py < 0 || px >= this.width || py >= this.height) return;
    const i = (py * this.width + px) * this.channels;
    for (let k = 0; k < this.channels; k++) {
      const old = this.data[i + k] as number;
      this.data[i + k] = clampByte(old + ((color[k] ?? 0) - old) * alpha);
    }
  }

  get(x: number, y: number, channel = 0): number {
    return this.data[(y * this.width + x) * this.channels + channel] as number;
  }

  fillRect(x: number, y: number, w: number, h: number, color: Color): void {
    for (let yy = Math.round(y); yy < Math.round(y + h); yy++) {
      for (let xx = Math.round(x); xx < Math.round(x + w); xx++) this.set(xx, yy, color);
    }
  }

  /** Filled disc with a one-pixel soft edge. */
  disc(cx: number, cy: number, r: number, color: Color): void {
    for (let y = Math.floor(cy - r - 1); y <= Math.ceil(cy + r + 1); y++) {
      for (let x = Math.floor(cx - r - 1); x <= Math.ceil(cx + r + 1); x++) {
        const d = Math.hypot(x - cx, y - cy);
        if (d <= r - 0.5) this.set(x, y, color);
        else if (d < r + 0.5) this.set(x, y, color, r + 0.5 - d);
      }
    }
  }

  line(x0: number, y0: number, x1: number, y1: number, color: Color, thickness = 1): void {
    const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 2));
    for (let s = 0; s <= steps; s++) {
      const t = s / steps;
      const x = x0 + (x1 - x0) * t;
      const y = y0 + (y1 - y0) * t;
      if (thickness <= 1) this.set(x, y, color);
      else this.disc(x, y, thickness / 2, color);
    }
  }

  polyline(points: ReadonlyArray<readonly [number, number]>, color: Color, thickness = 1): void {
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1] as readonly [number, number];
      const b = points[i] as readonly [number, number];
      this.line(a[0], a[1], b[0], b[1], color, thickness);
    }
  }

  arrow(x0: number, y0: number, x1: number, y1: number, color: Color, thickness = 2): void {
    this.line(x0, y0, x1, y1, color, thickness);
    const angle = Math.atan2(y1 - y0, x1 - x0);
    for (const side of [-1, 1]) {
      const a = angle + Math.PI - side * 0.45;
      this.line(x1, y1, x1 + Math.cos(a) * 10, y1 + Math.sin(a) * 10, color, thickness);
    }
  }

  text(x: number, y: number, text: string, color: Color, scale = 1): void {
    let cursor = x;
    for (const ch of text.toUpperCase()) {
      const glyph = FONT[ch] ?? FONT[' '];
      glyph?.forEach((row, gy) => {
        for (let gx = 0; gx < row.length; gx++) {
          if (row[gx] === '#') this.fillRect(cursor + gx * scale, y + gy * scale, scale, scale, color);
        }
      });
      cursor += 6 * scale;
    }
  }

  textWidth(text: string, scale = 1): number {
    return text.length * 6 * scale - scale;
  }

  toPng(): Buffer {
    return encodePng(this.width, this.height, this.channels, this.data);
  }
}

function clampByte(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}

/** Small deterministic PRNG (mulberry32), so the pictures are the same bytes on every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gauss(t: number, center: number, sigma: number): number {
  const d = (t - center) / sigma;
  return Math.exp(-0.5 * d * d);
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** 0 outside `edge0`, 1 inside `edge1` (edge0 > edge1 for "inside an ellipse" weights). */
function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.max(0, Math.min(1, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

function ellipseDistance(x: number, y: number, cx: number, cy: number, rx: number, ry: number): number {
  return Math.hypot((x - cx) / rx, (y - cy) / ry);
}

// ---------------------------------------------------------------- the pictures

/**
 * One-lead ECG strip (lead II) on pink paper: 25 mm/s, 10 mm/mV, 4 px per mm, so 1 px = 10 ms.
 * `stemi` draws a slow sinus rhythm with 3 mm ST elevation; otherwise a normal 75/min rhythm.
 */
export function renderEcg(stemi: boolean): Buffer {
  const width = 320;
  const height = 160;
  const img = new Raster(width, height, 3, [255, 242, 242]);
  for (let x = 0; x < width; x += 4) img.line(x, 0, x, height - 1, [248, 208, 208]);
  for (let y = 0; y < height; y += 4) img.line(0, y, width - 1, y, [248, 208, 208]);
  for (let x = 0; x < width; x += 20) img.line(x, 0, x, height - 1, [236, 160, 160]);
  for (let y = 0; y < height; y += 20) img.line(0, y, width - 1, y, [236, 160, 160]);

  const baseline = 100;
  const mvToPx = 40;
  const period = stemi ? 1150 : 800; // ms per beat: 52/min vs 75/min
  const firstBeat = 340; // ms, after the calibration pulse
  const beat = (t: number): number => {
    let mv =
      0.15 * gauss(t, 80, 20) - // P
      0.1 * gauss(t, 200, 7) + // Q
      1.2 * gauss(t, 222, 8) - // R
      0.3 * gauss(t, 244, 8) + // S
      (stemi ? 0.4 : 0.3) * gauss(t, stemi ? 400 : 390, 45); // T
    if (stemi) mv += 0.3 * sigmoid((t - 252) / 5) * (1 - sigmoid((t - 430) / 22)); // ST elevation
    return mv;
  };
  const points: Array<[number, number]> = [];
  // 1 mV calibration pulse, 200 ms wide.
  points.push([2, baseline], [8, baseline], [8, baseline - mvToPx], [28, baseline - mvToPx], [28, baseline]);
  for (let ms = 300; ms < width * 10; ms += 2) {
    const t = ms - firstBeat;
    const phase = ((t % period) + period) % period;
    const mv = t < -60 ? 0 : beat(phase);
    points.push([ms / 10, baseline - mv * mvToPx]);
  }
  img.polyline(points, [30, 30, 30], 2);
  img.text(6, 6, 'II', [30, 30, 30], 2);
  return img.toPng();
}

/** A frontal chest radiograph look-alike with a right lower lobe consolidation. */
export function renderChestXray(): Buffer {
  const width = 240;
  const height = 200;
  const rnd = random(20261121);
  const field = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = 10;
      // Torso with shoulders, narrowing to the neck at the top.
      const body = smoothstep(1.0, 0.9, ellipseDistance(x, y, 120, 160, 118, 165));
      const neck = smoothstep(34, 26, Math.abs(x - 120)) * smoothstep(40, 20, y);
      v += Math.max(body, neck) * 105;
      // Lungs (the patient's right lung is on the viewer's left); darker towards the periphery.
      const lungR = smoothstep(1, 0.78, ellipseDistance(x, y, 74, 104, 48, 82));
      const lungL = smoothstep(1, 0.78, ellipseDistance(x, y, 166, 102, 46, 80));
      const lung = Math.max(lungR, lungL);
      const hilum = Math.max(gauss(Math.hypot(x - 98, y - 96), 0, 16), gauss(Math.hypot(x - 142, y - 94), 0, 16));
      const vessels = 6 * Math.sin(x * 0.9 + y * 0.35) * Math.sin(y * 0.7 - x * 0.2);
      v = v * (1 - lung) + (30 + 34 * hilum + vessels) * lung;
      // Ribs over the lung fields.
      for (let k = 0; k < 9; k++) {
        const ribY = 30 + k * 16 + 0.005 * (x - 120) ** 2;
        const d = Math.abs(y - ribY);
        if (d < 3) v += 18 * lung * (1 - d / 3);
      }
      // Mediastinum with the spine, then the heart bulging to the patient's left.
      const mediastinum = smoothstep(22, 13, Math.abs(x - 121));
      v = Math.max(v, 138 * mediastinum * Math.max(body, neck));
      const heartDistance = ellipseDistance(x, y, 138, 152, 50, 38);
      const heart = smoothstep(1, 0.8, heartDistance);
      v = v * (1 - heart) + (118 + 40 * smoothstep(1, 0.2, heartDistance)) * heart;
      const spine = smoothstep(8, 5, Math.abs(x - 120));
      v = Math.max(v, (150 + 6 * Math.cos(y / 2.6)) * spine);
      // Clavicles from the sternal notch out to the shoulders.
      for (const side of [-1, 1]) {
        const t = ((x - 120) * side) / 84;
        if (t >= 0.1 && t <= 1) {
          const cy = 40 - 12 * t + 4 * Math.sin(Math.PI * t);
          const d = Math.abs(y - cy);
          if (d < 4) v = Math.max(v, 185 - d * 12);
        }
      }
      // Right lower lobe consolidation with an irregular edge.
      const wobble = 0.12 * Math.sin(x * 0.45) * Math.cos(y * 0.5);
      const patch = smoothstep(1.05, 0.5, ellipseDistance(x, y, 68, 140, 30, 24) + wobble);
      v += patch * lungR * 72;
      field[y * width + x] = v;
    }
  }
  // Two 3x3 box blurs soften the edges like a real film.
  let current = field;
  for (let pass = 0; pass < 2; pass++) {
    const next = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let sum = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
            sum += current[yy * width + xx] as number;
            n++;
          }
        }
        next[y * width + x] = sum / n;
      }
    }
    current = next;
  }
  const img = new Raster(width, height, 1, [0]);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) img.set(x, y, [(current[y * width + x] as number) + (rnd() - 0.5) * 8]);
  }
  img.text(10, 10, 'R', [235], 2);
  return img.toPng();
}

/** Bar chart of a liver panel as multiples of the upper reference limit (log scale). */
export function renderLiverPanel(): Buffer {
  const width = 300;
  const height = 180;
  const img = new Raster(width, height, 3, [255, 255, 255]);
  const left = 40;
  const right = width - 12;
  const top = 14;
  const bottom = height - 30;
  const minLog = -0.5;
  const maxLog = 2;
  const yOf = (ratio: number) => bottom - ((Math.log10(ratio) - minLog) / (maxLog - minLog)) * (bottom - top);
  for (const tick of [1, 10, 100]) {
    const y = yOf(tick);
    img.line(left, y, right, y, tick === 1 ? [215, 60, 60] : [215, 215, 215]);
    const label = String(tick);
    img.text(left - 6 - img.textWidth(label), y - 3, label, [90, 90, 90]);
  }
  img.text(6, top - 8, 'XULN', [90, 90, 90]);
  img.line(left, top, left, bottom, [60, 60, 60]);
  img.line(left, bottom, right, bottom, [60, 60, 60]);
  const labs: Array<{ name: string; value: string; ratio: number }> = [
    { name: 'AST', value: '1240', ratio: 1240 / 40 },
    { name: 'ALT', value: '1860', ratio: 1860 / 40 },
    { name: 'ALP', value: '160', ratio: 160 / 120 },
    { name: 'GGT', value: '120', ratio: 120 / 60 },
    { name: 'TB', value: '4.1', ratio: 4.1 / 1.2 },
    { name: 'ALB', value: '4.2', ratio: 4.2 / 5.2 },
  ];
  const slot = (right - left) / labs.length;
  labs.forEach((lab, i) => {
    const cx = left + slot * (i + 0.5);
    const barWidth = slot * 0.55;
    const y = yOf(lab.ratio);
    const color: Color = lab.ratio > 1 ? [214, 76, 76] : [70, 120, 200];
    img.fillRect(cx - barWidth / 2, Math.min(y, bottom), barWidth, Math.abs(bottom - y), color);
    img.text(cx - img.textWidth(lab.value) / 2, y - 10, lab.value, [40, 40, 40]);
    img.text(cx - img.textWidth(lab.name) / 2, bottom + 8, lab.name, [40, 40, 40]);
  });
  return img.toPng();
}

/** Peripheral blood smear: macrocytic red cells and one hypersegmented neutrophil (arrow). */
export function renderBloodSmear(): Buffer {
  const width = 220;
  const height = 180;
  const img = new Raster(width, height, 3, [246, 236, 238]);
  const rnd = random(4242);
  const centre = { x: 104, y: 96 };
  const placed: Array<{ x: number; y: number }> = [];
  for (let tries = 0; tries < 600 && placed.length < 34; tries++) {
    const x = 8 + rnd() * (width - 16);
    const y = 8 + rnd() * (height - 16);
    if (Math.hypot(x - centre.x, y - centre.y) < 34) continue;
    if (placed.some((p) => Math.hypot(p.x - x, p.y - y) < 22)) continue;
    placed.push({ x, y });
    const r = 11 + rnd() * 3;
    img.disc(x, y, r, [214, 112, 124]);
    img.disc(x, y, r * 0.42, [234, 172, 178]);
  }
  img.disc(centre.x, centre.y, 19, [222, 196, 224]);
  const lobes = 6;
  let previous: { x: number; y: number } | undefined;
  for (let i = 0; i < lobes; i++) {
    const a = Math.PI * (0.15 + (1.7 * i) / (lobes - 1));
    const p = { x: centre.x + Math.cos(a) * 9, y: centre.y + Math.sin(a) * 9 };
    if (previous) img.line(previous.x, previous.y, p.x, p.y, [96, 40, 128], 2);
    img.disc(p.x, p.y, 4.6, [104, 46, 138]);
    previous = p;
  }
  img.arrow(186, 28, 126, 78, [20, 20, 20], 2);
  return img.toPng();
}

export type DemoImageName = 'ecgNormal' | 'ecgStemi' | 'chestXray' | 'liverPanel' | 'bloodSmear';

export function renderDemoImages(): Record<DemoImageName, Buffer> {
  return {
    ecgNormal: renderEcg(false),
    ecgStemi: renderEcg(true),
    chestXray: renderChestXray(),
    liverPanel: renderLiverPanel(),
    bloodSmear: renderBloodSmear(),
  };
}
