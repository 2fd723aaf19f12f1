/**
 * The CRC-32 of two byte strings one after the other, from their CRCs and the second's
 * length: zlib's crc32_combine (crc32.c), which Node's zlib does not expose. A kept page's
 * parts then keep their CRC and length instead of their bytes, and a gzip body put together
 * from them still ends with the right trailer.
 */

const POLY = 0xedb88320;

/** a × b modulo the CRC-32 polynomial, both reflected as CRCs are (x^0 is the top bit). */
function multiplyModP(a: number, b: number): number {
  if (a === 0) return 0;
  let m = 0x80000000;
  let p = 0;
  let x = b >>> 0;
  for (;;) {
    if (a & m) {
      p ^= x;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    x = x & 1 ? (x >>> 1) ^ POLY : x >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X_TO_TWO_TO_THE = (() => {
  const table = new Array<number>(32);
  let p = 0x40000000; // x^1
  table[0] = p;
  for (let k = 1; k < 32; k++) {
    p = multiplyModP(p, p);
    table[k] = p;
  }
  return table;
})();

/** x^(n × 2^k) modulo the polynomial. */
function xToTheNTimesTwoToTheK(n: number, k: number): number {
  let p = 0x80000000; // x^0
  let rest = n;
  let bit = k;
  while (rest > 0) {
    if (rest % 2 === 1) p = multiplyModP(X_TO_TWO_TO_THE[bit % 32] as number, p);
    rest = Math.floor(rest / 2);
    bit++;
  }
  return p;
}

/** crc32(A ‖ B) from crc32(A), crc32(B) and B's length in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(xToTheNTimesTwoToTheK(lengthB, 3), crcA) ^ crcB) >>> 0;
}
