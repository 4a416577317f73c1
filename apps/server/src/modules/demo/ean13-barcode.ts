/** EAN-13 bar pattern (95 modules, '1' = bar) of a GTIN-13, so that the back of a demo pack scans. */
const L_CODES = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLL',
  'LGLLGL',
  'LGLGGL',
];

const invert = (bits: string) => [...bits].map((bit) => (bit === '1' ? '0' : '1')).join('');
const rCode = (digit: number) => invert(L_CODES[digit]!);
const gCode = (digit: number) => [...rCode(digit)].reverse().join('');

export function ean13Modules(gtin13: string): string {
  if (!/^\d{13}$/.test(gtin13)) throw new Error(`not a GTIN-13: ${gtin13}`);
  const digits = [...gtin13].map(Number);
  const parity = PARITY[digits[0]!]!;
  let modules = '101';
  for (let index = 1; index <= 6; index += 1) {
    const digit = digits[index]!;
    modules += parity[index - 1] === 'L' ? L_CODES[digit]! : gCode(digit);
  }
  modules += '01010';
  for (let index = 7; index <= 12; index += 1) modules += rCode(digits[index]!);
  return `${modules}101`;
}

/** SVG bars and human-readable digits in a box of the given module width at (x, y). */
export function ean13Svg(
  gtin13: string,
  x: number,
  y: number,
  moduleWidth: number,
  barHeight: number,
): string {
  const modules = ean13Modules(gtin13);
  const quiet = moduleWidth * 9;
  const width = quiet * 2 + moduleWidth * 95;
  const guard = new Set([0, 1, 2, 45, 46, 47, 48, 49, 92, 93, 94]);
  const bars: string[] = [];
  for (let index = 0; index < modules.length; index += 1) {
    if (modules[index] !== '1') continue;
    const height = guard.has(index) ? barHeight + moduleWidth * 5 : barHeight;
    bars.push(
      `<rect x="${x + quiet + index * moduleWidth}" y="${y}" width="${moduleWidth}" height="${height}"/>`,
    );
  }
  const size = moduleWidth * 8;
  const textY = y + barHeight + size;
  const digitsLeft = gtin13.slice(1, 7);
  const digitsRight = gtin13.slice(7);
  return `<g fill="#111"><rect x="${x}" y="${y - moduleWidth * 4}" width="${width}" height="${barHeight + size + moduleWidth * 8}" fill="#fff"/>${bars.join('')}
<g font-family="DejaVu Sans Mono" font-size="${size}" text-anchor="middle">
<text x="${x + quiet - size * 0.6}" y="${textY}">${gtin13[0]}</text>
<text x="${x + quiet + moduleWidth * 24}" y="${textY}" letter-spacing="${moduleWidth * 1.2}">${digitsLeft}</text>
<text x="${x + quiet + moduleWidth * 71}" y="${textY}" letter-spacing="${moduleWidth * 1.2}">${digitsRight}</text></g></g>`;
}
