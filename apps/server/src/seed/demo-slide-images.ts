import { random, Raster, type Color } from './demo-images';

// Pictures for the demo slide problems (type 4) that had none: a dissection schematic with a pin,
// a drug card, an endoscopic view, a growth chart, a Pap smear and an epidemic curve. They are
// drawn with the same pure-Node raster as the other demo pictures, so seeding stays fast,
// deterministic and needs no rasterizer or font. Labels use standard (Latin) medical terms
// because the bitmap font has no Hangul; the question text itself stays Korean.

export type SlideImageName = 'brachialPlexus' | 'nitroglycerinCard' | 'gastricUlcer' | 'growthChart' | 'koilocyte' | 'epidemicCurve';

const WIDTH = 320;
const HEIGHT = 200;
const INK: Color = [30, 30, 30];

function fillEllipse(img: Raster, cx: number, cy: number, rx: number, ry: number, color: Color, alpha = 1): void {
  for (let y = Math.floor(cy - ry - 1); y <= Math.ceil(cy + ry + 1); y++) {
    for (let x = Math.floor(cx - rx - 1); x <= Math.ceil(cx + rx + 1); x++) {
      const d = Math.hypot((x - cx) / rx, (y - cy) / ry);
      const edge = Math.min(rx, ry);
      const coverage = Math.max(0, Math.min(1, (1 - d) * edge + 0.5));
      if (coverage > 0) img.set(x, y, color, coverage * alpha);
    }
  }
}

/** A map pin: a white disc with a letter, and a leader line to the structure it marks. */
function pin(img: Raster, label: string, headX: number, headY: number, tipX: number, tipY: number): void {
  img.line(headX, headY, tipX, tipY, INK, 3);
  img.disc(tipX, tipY, 4, [220, 30, 30]);
  img.disc(headX, headY, 13, INK);
  img.disc(headX, headY, 11, [255, 255, 255]);
  img.text(headX - img.textWidth(label, 2) / 2, headY - 7, label, [220, 30, 30], 2);
}

/** Axilla: the lateral and medial cords join in front of the axillary artery into the M; pin A on its middle stem. */
export function renderBrachialPlexus(): Buffer {
  const img = new Raster(WIDTH, HEIGHT, 3, [236, 214, 190]);
  // Muscle fibres in the background, like the dissected axilla.
  for (let k = -10; k < 30; k++) img.line(k * 16, HEIGHT, k * 16 + 120, 0, [222, 188, 164], 3);
  const nerve: Color = [246, 226, 120];
  const outline: Color = [150, 120, 40];
  const drawNerve = (points: Array<[number, number]>, width: number) => {
    img.polyline(points, outline, width + 3);
    img.polyline(points, nerve, width);
  };
  // Axillary artery, then the nerves on top of it.
  img.line(10, 118, 310, 122, [120, 20, 30], 13);
  img.line(10, 118, 310, 122, [196, 52, 60], 9);
  drawNerve(
    [
      [10, 64],
      [120, 72],
      [300, 26],
    ],
    7,
  ); // lateral cord -> musculocutaneous nerve
  drawNerve(
    [
      [10, 160],
      [120, 150],
      [300, 182],
    ],
    7,
  ); // medial cord -> ulnar nerve
  drawNerve(
    [
      [120, 72],
      [170, 108],
    ],
    6,
  ); // lateral root of the median nerve
  drawNerve(
    [
      [120, 150],
      [170, 108],
    ],
    6,
  ); // medial root
  drawNerve(
    [
      [170, 108],
      [310, 104],
    ],
    8,
  ); // the middle stem of the M
  img.text(8, 42, 'LAT CORD', INK, 2);
  img.text(8, 174, 'MED CORD', INK, 2);
  img.text(200, 134, 'AX A', [120, 20, 30], 2);
  pin(img, 'A', 262, 58, 246, 104);
  return img.toPng();
}

/** The drug card: a sublingual nitroglycerin bottle and tablet, named on a card. */
export function renderNitroglycerinCard(): Buffer {
  const img = new Raster(WIDTH, HEIGHT, 3, [232, 236, 242]);
  img.fillRect(12, 12, WIDTH - 24, HEIGHT - 24, [255, 255, 255]);
  img.fillRect(12, 12, WIDTH - 24, 34, [40, 80, 160]);
  img.text(24, 22, 'DRUG CARD 4', [255, 255, 255], 2);
  // Amber bottle with a white cap and a label.
  img.fillRect(40, 66, 50, 16, [240, 240, 240]);
  img.fillRect(34, 82, 62, 92, [170, 96, 30]);
  img.fillRect(38, 104, 54, 44, [250, 246, 230]);
  img.text(44, 112, 'NTG', [180, 30, 30], 2);
  img.text(44, 132, 'SL', [40, 40, 40], 2);
  // Tablets beside it.
  for (const [x, y] of [
    [128, 156],
    [150, 160],
    [170, 152],
  ] as const) {
    img.disc(x, y, 8, [160, 160, 160]);
    img.disc(x, y, 7, [252, 252, 252]);
  }
  img.text(118, 64, 'NITROGLYCERIN', INK, 2);
  img.text(118, 88, '0.6 MG', INK, 2);
  img.text(118, 112, 'SUBLINGUAL', [40, 80, 160], 2);
  return img.toPng();
}

/** Endoscopic view of the gastric angle with a clean-based ulcer (Forrest III), arrow A. */
export function renderGastricUlcer(): Buffer {
  const img = new Raster(WIDTH, HEIGHT, 3, [0, 0, 0]);
  const cx = 160;
  const cy = 100;
  const r = 96;
  const rnd = random(5150);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const d = Math.hypot(x - cx, y - cy) / r;
      if (d > 1) continue;
      // Light falls off towards the edge of the scope's field; the angle is a darker fold.
      const light = 1 - 0.55 * d * d;
      const fold = Math.exp(-(((y - 60 - 0.002 * (x - cx) ** 2) / 8) ** 2));
      const shade = light * (1 - 0.35 * fold) + (rnd() - 0.5) * 0.04;
      img.set(x, y, [236 * shade, 128 * shade, 112 * shade]);
    }
  }
  // The ulcer: a sharply punched-out crater with a flat, clean white-yellow base and a red rim.
  fillEllipse(img, 182, 122, 34, 24, [200, 70, 70]);
  fillEllipse(img, 182, 122, 28, 19, [246, 240, 214]);
  fillEllipse(img, 186, 126, 16, 10, [236, 228, 196]);
  img.arrow(282, 36, 212, 104, [255, 255, 255], 3);
  img.text(284, 20, 'A', [255, 255, 255], 2);
  img.text(12, 10, 'ANGLE', [255, 255, 255], 2);
  return img.toPng();
}

/** Weight-for-age of a girl, 0-18 months: she falls below the 3rd percentile after 9 months. */
export function renderGrowthChart(): Buffer {
  const img = new Raster(WIDTH, HEIGHT, 3, [255, 250, 252]);
  const left = 44;
  const right = WIDTH - 34;
  const top = 26;
  const bottom = HEIGHT - 30;
  const minKg = 2;
  const maxKg = 13;
  const xOf = (month: number) => left + (month / 18) * (right - left);
  const yOf = (kg: number) => bottom - ((kg - minKg) / (maxKg - minKg)) * (bottom - top);
  for (let month = 0; month <= 18; month += 3) {
    img.line(xOf(month), top, xOf(month), bottom, [236, 214, 224]);
    const label = String(month);
    img.text(xOf(month) - img.textWidth(label, 2) / 2, bottom + 8, label, INK, 2);
  }
  for (let kg = 2; kg <= 12; kg += 2) {
    img.line(left, yOf(kg), right, yOf(kg), [236, 214, 224]);
    const label = String(kg);
    img.text(left - 6 - img.textWidth(label, 2), yOf(kg) - 7, label, INK, 2);
  }
  img.line(left, top, left, bottom, INK);
  img.line(left, bottom, right, bottom, INK);
  const months = [0, 3, 6, 9, 12, 15, 18];
  // WHO girls' weight-for-age, rounded.
  const percentiles: Array<{ name: string; kg: number[] }> = [
    { name: '97', kg: [4.2, 7.5, 9.3, 10.5, 11.3, 12.0, 12.7] },
    { name: '50', kg: [3.2, 5.8, 7.3, 8.2, 8.9, 9.6, 10.2] },
    { name: '3', kg: [2.4, 4.6, 5.8, 6.6, 7.2, 7.8, 8.3] },
  ];
  for (const p of percentiles) {
    img.polyline(
      months.map((m, i) => [xOf(m), yOf(p.kg[i] as number)] as [number, number]),
      [200, 90, 140],
      2,
    );
    img.text(right + 4, yOf(p.kg.at(-1) as number) - 7, p.name, [200, 90, 140], 2);
  }
  const child: Array<[number, number]> = [
    [0, 3.2],
    [2, 5.0],
    [4, 6.4],
    [6, 7.2],
    [9, 7.8],
    [12, 7.0],
    [15, 7.2],
    [18, 7.5],
  ];
  img.polyline(
    child.map(([m, kg]) => [xOf(m), yOf(kg)] as [number, number]),
    [30, 60, 150],
    3,
  );
  for (const [m, kg] of child) img.disc(xOf(m), yOf(kg), 4, [30, 60, 150]);
  img.text(6, 6, 'WEIGHT KG', INK, 2);
  img.text(right - img.textWidth('AGE MO', 2), 6, 'AGE MO', INK, 2);
  return img.toPng();
}

/** Pap smear: superficial squamous cells and one koilocyte (perinuclear halo, wrinkled nucleus), arrow A. */
export function renderKoilocyte(): Buffer {
  const img = new Raster(WIDTH, HEIGHT, 3, [240, 236, 230]);
  const rnd = random(7070);
  const centre = { x: 150, y: 104 };
  const cells: Array<{ x: number; y: number }> = [];
  for (let tries = 0; tries < 800 && cells.length < 14; tries++) {
    const x = 20 + rnd() * (WIDTH - 40);
    const y = 20 + rnd() * (HEIGHT - 40);
    if (Math.hypot(x - centre.x, y - centre.y) < 70) continue;
    if (cells.some((c) => Math.hypot(c.x - x, c.y - y) < 48)) continue;
    cells.push({ x, y });
    const pink = rnd() < 0.6;
    const color: Color = pink ? [236, 150, 170] : [130, 200, 200];
    const rx = 24 + rnd() * 8;
    const ry = 18 + rnd() * 8;
    fillEllipse(img, x, y, rx + 1.5, ry + 1.5, pink ? [204, 110, 134] : [90, 160, 164]);
    fillEllipse(img, x, y, rx, ry, color);
    img.disc(x + (rnd() - 0.5) * 6, y + (rnd() - 0.5) * 6, 3.5, [60, 40, 110]);
  }
  // The koilocyte: dense cytoplasm at the rim, a sharp clear halo, a large dark irregular nucleus.
  fillEllipse(img, centre.x, centre.y, 52, 40, [190, 90, 120]);
  fillEllipse(img, centre.x, centre.y, 49, 37, [226, 126, 150]);
  fillEllipse(img, centre.x, centre.y, 30, 23, [250, 246, 244]);
  for (let k = 0; k < 10; k++) {
    const a = (k / 10) * Math.PI * 2;
    const rr = 10 + (k % 2 === 0 ? 3 : 0);
    img.disc(centre.x + Math.cos(a) * rr * 0.7, centre.y + Math.sin(a) * rr * 0.55, 6, [52, 30, 96]);
  }
  img.disc(centre.x, centre.y, 8, [40, 22, 80]);
  img.arrow(270, 30, 204, 80, INK, 3);
  img.text(274, 14, 'A', INK, 2);
  img.text(10, HEIGHT - 22, 'PAP', INK, 2);
  return img.toPng();
}

/** Epidemic curve of a point-source outbreak: cases per 4 hours after one shared meal, one peak. */
export function renderEpidemicCurve(): Buffer {
  const img = new Raster(WIDTH, HEIGHT, 3, [255, 255, 255]);
  const left = 44;
  const right = WIDTH - 12;
  const top = 36;
  const bottom = HEIGHT - 34;
  const counts = [0, 2, 6, 13, 20, 15, 8, 4, 1, 0, 0, 0];
  const maxCount = 20;
  const slot = (right - left) / counts.length;
  const yOf = (n: number) => bottom - (n / maxCount) * (bottom - top);
  for (let n = 0; n <= maxCount; n += 5) {
    img.line(left, yOf(n), right, yOf(n), [225, 225, 225]);
    const label = String(n);
    img.text(left - 6 - img.textWidth(label, 2), yOf(n) - 7, label, INK, 2);
  }
  counts.forEach((n, i) => {
    if (n > 0) {
      img.fillRect(left + i * slot + 1, yOf(n), slot - 2, bottom - yOf(n), [60, 110, 190]);
    }
  });
  for (let i = 0; i <= counts.length; i += 3) {
    const label = String(i * 4);
    img.text(left + i * slot - img.textWidth(label, 2) / 2, bottom + 8, label, INK, 2);
  }
  img.line(left, top, left, bottom, INK);
  img.line(left, bottom, right, bottom, INK);
  img.text(6, 8, 'CASES', INK, 2);
  img.text(right - img.textWidth('HOURS', 2), 8, 'HOURS', INK, 2);
  return img.toPng();
}

export function renderSlideImages(): Record<SlideImageName, Buffer> {
  return {
    brachialPlexus: renderBrachialPlexus(),
    nitroglycerinCard: renderNitroglycerinCard(),
    gastricUlcer: renderGastricUlcer(),
    growthChart: renderGrowthChart(),
    koilocyte: renderKoilocyte(),
    epidemicCurve: renderEpidemicCurve(),
  };
}
