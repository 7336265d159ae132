/**
 * Makes the back office's home-screen icons (admin/public/icons/) from their one source,
 * admin/icons/icon.svg, with sharp: 192 and 512 px for the web app manifest, a 512 px maskable
 * one (the same drawing: it keeps inside the central 80% a phone may crop to a circle), and the
 * 180 px apple-touch-icon iOS puts on the Home Screen. Run after changing the drawing:
 * `npx tsx scripts/make-admin-icons.ts`; the PNGs are committed, so a build needs nothing more.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const source = readFileSync(fileURLToPath(new URL('../admin/icons/icon.svg', import.meta.url)));
const out = fileURLToPath(new URL('../admin/public/icons/', import.meta.url));
mkdirSync(out, { recursive: true });

const icons: [name: string, size: number][] = [
  ['icon-192.png', 192],
  ['icon-512.png', 512],
  ['icon-maskable-512.png', 512],
  ['apple-touch-icon.png', 180],
];
for (const [name, size] of icons) {
  await sharp(source, { density: Math.ceil((72 * size) / 512) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${out}${name}`);
  console.log(`admin/public/icons/${name} (${size} px)`);
}
