// Renders the app icons of the web manifest (apps/web/public/icons/*.png) from the same drawing as
// favicon.svg, in the local Chromium. Run once when the mark changes and commit the PNGs: the
// build and the browser never fetch or draw an icon at run time.
//   node scripts/pwa-icons.mjs
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const outDir = path.resolve(import.meta.dirname, '../apps/web/public/icons');
const BLUE = '#1864ab';

// `maskable`: the launcher crops to a circle or squircle, so the background fills the square and
// the letter stays inside the central 80 % safe zone. `any`: the favicon's rounded square.
function svg(size, maskable) {
  const radius = maskable ? 0 : size * 0.22;
  const fontSize = size * (maskable ? 0.42 : 0.56);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<rect width="${size}" height="${size}" rx="${radius}" fill="${BLUE}"/>
<text x="50%" y="50%" dominant-baseline="central" font-family="system-ui, sans-serif" font-size="${fontSize}" font-weight="700" text-anchor="middle" fill="#fff">Q</text></svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(icon.size, icon.maskable)}</body></html>`);
    await page.locator('svg').screenshot({ path: path.join(outDir, icon.file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
