// Draws the app icons (a white heart on brand green) as PNGs, with no image tooling needed.
// Run once after changing the artwork: node scripts/make-icons.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const brand = [13, 122, 88];

function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Heart curve: (x^2 + y^2 - 1)^3 - x^2 y^3 <= 0, in a box of half-width `scale`.
function inHeart(u, v, scale) {
  const x = u / scale;
  const y = -v / scale + 0.15;
  const q = x * x + y * y - 1;
  return q * q * q - x * x * y * y * y <= 0;
}

function icon(size, { maskable }) {
  const radius = maskable ? 0 : size * 0.2;
  const heartScale = size * (maskable ? 0.26 : 0.32);
  return png(size, (px, py) => {
    const x = px + 0.5;
    const y = py + 0.5;
    const dx = Math.max(radius - x, x - (size - radius), 0);
    const dy = Math.max(radius - y, y - (size - radius), 0);
    if (radius && dx * dx + dy * dy > radius * radius) return [0, 0, 0, 0];
    if (inHeart((x - size / 2) / 1.2, y - size / 2, heartScale)) return [255, 255, 255, 255];
    return [...brand, 255];
  });
}

writeFileSync('public/icons/icon-192.png', icon(192, { maskable: false }));
writeFileSync('public/icons/icon-512.png', icon(512, { maskable: false }));
writeFileSync('public/icons/maskable-512.png', icon(512, { maskable: true }));
writeFileSync('public/icons/apple-touch-icon.png', icon(180, { maskable: true }));
