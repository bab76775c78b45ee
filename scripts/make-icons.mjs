// Draws the app's icons with nothing but Node (zlib for PNG compression, a CRC-32 table for PNG
// chunks), so they can be regenerated anywhere without image tools or downloads:
//   node scripts/make-icons.mjs
// Output (committed, under resources/):
//   icon.png                      1024 px source icon; electron-builder derives .icns/.ico from it
//   icons/<n>x<n>.png             Linux icon set (16 … 512)
//   tray/tray-16.png, tray-32.png coloured tray icons (Windows, Linux)
//   tray/trayTemplate.png, trayTemplate@2x.png  macOS menu-bar template images (black + alpha)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources');

// --- PNG encoding -------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** RGBA pixels (Uint8Array, width*height*4) → PNG file bytes (8-bit RGBA, no interlace). */
function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (stride + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, y * stride, stride).copy(raw, y * (stride + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// --- Drawing with signed distances (unit square coordinates, 0..1) -------------------------------

function roundedRect(px, py, cx, cy, halfW, halfH, radius) {
  const qx = Math.abs(px - cx) - halfW + radius;
  const qy = Math.abs(py - cy) - halfH + radius;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

function circle(px, py, cx, cy, r) {
  return Math.hypot(px - cx, py - cy) - r;
}

/** Inside a triangle (the speech bubble's tail): negative inside. */
function triangle(px, py, [ax, ay], [bx, by], [cx, cy]) {
  const side = (x1, y1, x2, y2) => (px - x2) * (y1 - y2) - (x1 - x2) * (py - y2);
  const d1 = side(ax, ay, bx, by);
  const d2 = side(bx, by, cx, cy);
  const d3 = side(cx, cy, ax, ay);
  const inside = (d1 < 0 && d2 < 0 && d3 < 0) || (d1 > 0 && d2 > 0 && d3 > 0);
  return inside ? -1 : 1;
}

/** The speech bubble (the app's mark); the dots are cut out of it by the callers. */
function bubble(px, py) {
  const body = roundedRect(px, py, 0.5, 0.46, 0.3, 0.21, 0.12);
  const tail = triangle(px, py, [0.3, 0.6], [0.44, 0.6], [0.27, 0.8]);
  return Math.min(body, tail < 0 ? -0.001 : 1);
}

function dots(px, py) {
  return Math.min(
    circle(px, py, 0.38, 0.46, 0.045),
    circle(px, py, 0.5, 0.46, 0.045),
    circle(px, py, 0.62, 0.46, 0.045),
  );
}

/**
 * Renders `shade(x, y) → [r, g, b, a] | undefined` (unit coordinates) with 4×4 supersampling, so
 * edges are smooth at every size.
 */
function render(size, shade) {
  const rgba = new Uint8Array(size * size * 4);
  const samples = 4;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const colour = shade(
            (x + (sx + 0.5) / samples) / size,
            (y + (sy + 0.5) / samples) / size,
          );
          if (colour === undefined) continue;
          const alpha = colour[3] / 255;
          r += colour[0] * alpha;
          g += colour[1] * alpha;
          b += colour[2] * alpha;
          a += alpha;
        }
      }
      const i = (y * size + x) * 4;
      const count = samples * samples;
      rgba[i] = a > 0 ? Math.round(r / a) : 0;
      rgba[i + 1] = a > 0 ? Math.round(g / a) : 0;
      rgba[i + 2] = a > 0 ? Math.round(b / a) : 0;
      rgba[i + 3] = Math.round((a / count) * 255);
    }
  }
  return encodePng(size, size, rgba);
}

const WHITE = [255, 255, 255, 255];

/** The app icon: a blue-to-indigo rounded square with a white speech bubble. */
function appIcon(x, y) {
  // macOS-style margin so the icon does not look oversized next to others.
  if (roundedRect(x, y, 0.5, 0.5, 0.41, 0.41, 0.09) > 0) return undefined;
  if (dots(x, y) < 0) {
    const t = y;
    return [Math.round(37 + 40 * t), Math.round(99 - 30 * t), 235, 255];
  }
  if (bubble(x, y) < 0) return WHITE;
  const t = (x + y) / 2;
  return [Math.round(37 + 50 * t), Math.round(99 - 40 * t), Math.round(235 - 10 * t), 255];
}

/** The tray glyph: the bubble alone, in one colour, filling the frame. */
function trayGlyph(colour) {
  return (x, y) => {
    // Scale the bubble up: tray icons have no room for margins.
    const sx = 0.5 + (x - 0.5) * 0.8;
    const sy = 0.48 + (y - 0.5) * 0.8;
    if (dots(sx, sy) < 0) return undefined;
    return bubble(sx, sy) < 0 ? colour : undefined;
  };
}

function write(relative, bytes) {
  const path = join(root, relative);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  console.log(`wrote resources/${relative} (${bytes.length} bytes)`);
}

write('icon.png', render(1024, appIcon));
for (const size of [16, 32, 48, 64, 128, 256, 512]) {
  write(`icons/${size}x${size}.png`, render(size, appIcon));
}
const TRAY_BLUE = [37, 99, 235, 255];
write('tray/tray-16.png', render(16, trayGlyph(TRAY_BLUE)));
write('tray/tray-32.png', render(32, trayGlyph(TRAY_BLUE)));
const BLACK = [0, 0, 0, 255];
write('tray/trayTemplate.png', render(16, trayGlyph(BLACK)));
write('tray/trayTemplate@2x.png', render(32, trayGlyph(BLACK)));
