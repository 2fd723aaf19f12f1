// One profile photo processed the way the app does (src/server/features/photos/images.ts):
// a 12-megapixel JPEG (4000×3000, about what a phone takes) decoded, turned upright, cut to a
// square and encoded as the 96 and 512 px WebPs. Prints JSON: median ms of 5 runs after a
// warm-up, and the process's peak RSS, in a process that does nothing else (the JPEG is made
// by a parent process first, so building it is not counted).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderProfilePhoto } from "../src/server/features/photos/images";

const RUNS = 5;
const [photoPath] = process.argv.slice(2);

if (!photoPath) {
  const dir = mkdtempSync(join(tmpdir(), "openmat-photo-bench-"));
  try {
    const path = join(dir, "phone.jpg");
    await Bun.write(path, await phonePhoto(4000, 3000));
    const child = spawnSync(process.execPath, [import.meta.path, path], { encoding: "utf8" });
    if (child.status !== 0) throw new Error(`photo bench failed: ${child.stderr}`);
    process.stdout.write(child.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  const bytes = new Uint8Array(await Bun.file(photoPath).arrayBuffer());
  const rssBeforeMb = process.memoryUsage().rss / 2 ** 20;
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    await renderProfilePhoto(bytes);
    if (i > 0) times.push(performance.now() - started); // the first run warms up
  }
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      megapixels: 12,
      jpegMb: bytes.byteLength / 2 ** 20,
      medianMs: times[Math.floor(RUNS / 2)],
      rssBeforeMb,
      // resourceUsage().maxRSS is in KiB.
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
}

/** A photo-like JPEG: smooth gradients with some grain, so it compresses like a real one. */
async function phonePhoto(width: number, height: number): Promise<Uint8Array> {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const bmp = Buffer.alloc(54 + stride * height);
  bmp.write("BM");
  bmp.writeUInt32LE(bmp.length, 2);
  bmp.writeUInt32LE(54, 10);
  bmp.writeUInt32LE(40, 14);
  bmp.writeInt32LE(width, 18);
  bmp.writeInt32LE(-height, 22);
  bmp.writeUInt16LE(1, 26);
  bmp.writeUInt16LE(24, 28);
  let seed = 1;
  const grain = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed >> 16) % 24;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = 54 + y * stride + x * 3;
      bmp[at] = ((x * 255) / width + grain()) & 0xff;
      bmp[at + 1] = ((y * 255) / height + grain()) & 0xff;
      bmp[at + 2] = (128 + 100 * Math.sin(x / 150 + y / 90) + grain()) & 0xff;
    }
  }
  return new Bun.Image(bmp).jpeg({ quality: 85 }).bytes();
}
