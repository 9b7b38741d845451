// The calibration plot of the readiness backtest (bench/readiness-backtest.ts): predicted share
// right against the actual share, the diagonal, one faint dot per member-exam and one marked point
// per decile of the prediction with its count. Plain SVG text, so docs show it without a build.

export interface Series {
  label: string;
  points: ReadonlyArray<{ x: number; y: number }>;
  deciles: ReadonlyArray<{ x: number; y: number; n: number }>;
}

const SIZE = 420;
const LEFT = 60;
const TOP = 40;
const COLORS = ['#1c7ed6', '#e8590c'];

const px = (value: number) => (LEFT + value * SIZE).toFixed(1);
const py = (value: number) => (TOP + (1 - value) * SIZE).toFixed(1);
const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function renderCalibrationSvg(series: readonly Series[], title: string): string {
  const width = LEFT + SIZE + 30;
  const height = TOP + SIZE + 60 + series.length * 20;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${LEFT}" y="24" font-size="14" font-weight="bold">${escape(title)}</text>`,
  ];
  for (let tick = 0; tick <= 10; tick += 1) {
    const value = tick / 10;
    out.push(
      `<line x1="${px(value)}" y1="${py(0)}" x2="${px(value)}" y2="${py(1)}" stroke="#eee"/>`,
      `<line x1="${px(0)}" y1="${py(value)}" x2="${px(1)}" y2="${py(value)}" stroke="#eee"/>`,
      `<text x="${px(value)}" y="${Number(py(0)) + 16}" text-anchor="middle">${tick * 10}</text>`,
      `<text x="${LEFT - 6}" y="${Number(py(value)) + 4}" text-anchor="end">${tick * 10}</text>`,
    );
  }
  out.push(
    `<rect x="${px(0)}" y="${py(1)}" width="${SIZE}" height="${SIZE}" fill="none" stroke="#999"/>`,
    `<line x1="${px(0)}" y1="${py(0)}" x2="${px(1)}" y2="${py(1)}" stroke="#555" stroke-dasharray="6 4"/>`,
    `<text x="${LEFT + SIZE / 2}" y="${TOP + SIZE + 36}" text-anchor="middle">predicted share right (%)</text>`,
    `<text transform="translate(18 ${TOP + SIZE / 2}) rotate(-90)" text-anchor="middle">actual share right on the held-out exam (%)</text>`,
  );
  series.forEach((item, index) => {
    const color = COLORS[index % COLORS.length];
    for (const point of item.points) out.push(`<circle cx="${px(point.x)}" cy="${py(point.y)}" r="2" fill="${color}" fill-opacity="0.18"/>`);
    out.push(`<polyline fill="none" stroke="${color}" stroke-width="1.5" points="${item.deciles.map((d) => `${px(d.x)},${py(d.y)}`).join(' ')}"/>`);
    for (const decile of item.deciles) {
      out.push(
        `<circle cx="${px(decile.x)}" cy="${py(decile.y)}" r="5" fill="${color}" stroke="#fff"/>`,
        `<text x="${Number(px(decile.x)) + (index === 0 ? -8 : 8)}" y="${Number(py(decile.y)) + (index === 0 ? -8 : 14)}" text-anchor="${index === 0 ? 'end' : 'start'}" fill="${color}" font-size="10">${decile.n}</text>`,
      );
    }
    const y = TOP + SIZE + 56 + index * 20;
    out.push(`<circle cx="${LEFT + 6}" cy="${y - 4}" r="5" fill="${color}"/>`, `<text x="${LEFT + 18}" y="${y}">${escape(item.label)}</text>`);
  });
  out.push(`<text x="${LEFT + SIZE - 4}" y="${Number(py(1)) + 16}" text-anchor="end" fill="#555">diagonal: perfect calibration</text>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
