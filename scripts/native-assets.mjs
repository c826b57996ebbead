// Redraws the native projects' launcher icons and splash images (Capacitor's template ships its own
// logo) from the product's mark in src/web/public/favicon.svg, on the brand colour #05283b, at the
// sizes the generated projects use. Renders with Debian's Chromium; run it after `cap add`, then commit.
//   node scripts/native-assets.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const BRAND_COLOR = '#05283b';
const favicon = readFileSync('src/web/public/favicon.svg', 'utf8');
// The mark is the favicon without its background square.
const mark = favicon.replace(/<rect[^>]*\/>/, '').replace('<svg ', '<svg width="100%" height="100%" ');

const pngSize = (path) => {
  const bytes = readFileSync(path);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

function kindOf(path) {
  if (/splash/.test(path)) return 'splash';
  if (/_foreground\.png$/.test(path)) return 'foreground';
  if (/_round\.png$/.test(path)) return 'round';
  return 'icon';
}

/** Mark size as a share of the shorter side; adaptive-icon foregrounds keep to the 66/108 safe zone. */
const SCALE = { splash: 0.22, icon: 0.8, round: 0.8, foreground: 0.5 };

const files = execFileSync('git', ['ls-files', 'android', 'ios'], { encoding: 'utf8' })
  .split('\n')
  .filter((path) => path.endsWith('.png'));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
for (const path of files) {
  const { width, height } = pngSize(path);
  const kind = kindOf(path);
  const size = Math.round(Math.min(width, height) * SCALE[kind]);
  const background = kind === 'foreground' ? 'transparent' : BRAND_COLOR;
  const radius = kind === 'round' ? '50%' : '0';
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  await page.setContent(
    `<html><body style="margin:0;width:${width}px;height:${height}px;display:flex;align-items:center;justify-content:center;` +
      `background:${kind === 'round' ? 'transparent' : background}">` +
      `<div style="width:${kind === 'round' ? width : size}px;height:${kind === 'round' ? height : size}px;border-radius:${radius};` +
      `background:${background};display:flex;align-items:center;justify-content:center">` +
      `<div style="width:${size}px;height:${size}px">${mark}</div></div></body></html>`,
  );
  writeFileSync(path, await page.screenshot({ omitBackground: kind === 'foreground' || kind === 'round' }));
  await page.close();
  console.log(`${path} ${width}x${height} ${kind}`);
}
await browser.close();

// Adaptive icons draw the foreground on this colour.
const backgroundXml = 'android/app/src/main/res/values/ic_launcher_background.xml';
writeFileSync(
  backgroundXml,
  readFileSync(backgroundXml, 'utf8').replace(/#FFFFFF/i, BRAND_COLOR.toUpperCase()),
);
