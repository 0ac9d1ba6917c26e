// Renders the PNG icons of the web app from web/public/icon.svg's design with Debian's Chromium (playwright-core),
// for what SVG does not cover: Chromium's install prompt wants PNGs of 192 and 512 px, a maskable one keeps its
// content inside the middle 80 % (launchers cut circles, squircles...), and iOS reads only a 180 px apple-touch-icon.
// Run after changing the icon: `node scripts/make-icons.mjs`; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const PUBLIC = fileURLToPath(new URL('../web/public/', import.meta.url));
const source = fs.readFileSync(path.join(PUBLIC, 'icon.svg'), 'utf8');

/** The icon's own SVG, or a full-bleed square variant (no rounded corners) whose mark is scaled by `scale`. */
function squareVariant(scale) {
  const inner = source.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '').replace(/<rect[^>]*\/>/, '');
  const offset = (512 * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="#171717"/><g transform="translate(${offset} ${offset}) scale(${scale})">${inner}</g></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: source },
  { file: 'icon-512.png', size: 512, svg: source },
  // The mark at 70 % sits well inside the maskable safe zone (a circle of 80 % of the size).
  { file: 'icon-maskable-512.png', size: 512, svg: squareVariant(0.7) },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, svg: squareVariant(0.9) },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const sized = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({ path: path.join(PUBLIC, icon.file), omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    process.stdout.write(`${icon.file}: ${fs.statSync(path.join(PUBLIC, icon.file)).size} bytes\n`);
  }
} finally {
  await browser.close();
}
