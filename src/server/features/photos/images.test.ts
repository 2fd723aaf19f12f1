import { describe, expect, it } from "bun:test";
import { bmp, pixelAt } from "../../../../tests/fixtures/photos";
import { PhotoRejected, renderPostPhoto, renderProfilePhoto, sniffPhotoFormat } from "./images";
import { cropPng, decodePng } from "./png";

const image = (width: number, height: number, paint: Parameters<typeof bmp>[2]) => bmp(width, height, paint);

describe("sniffPhotoFormat", () => {
  it("reads the magic numbers, not names or declared types", async () => {
    const pixels = image(4, 4, () => [1, 2, 3]);
    expect(sniffPhotoFormat(await new Bun.Image(pixels).jpeg().bytes())).toBe("jpeg");
    expect(sniffPhotoFormat(await new Bun.Image(pixels).png().bytes())).toBe("png");
    expect(sniffPhotoFormat(await new Bun.Image(pixels).webp().bytes())).toBe("webp");
    expect(sniffPhotoFormat(pixels)).toBeNull(); // a BMP: Bun.Image reads it, we do not take it
    expect(sniffPhotoFormat(new TextEncoder().encode("RIFF....WAVE"))).toBeNull();
    expect(sniffPhotoFormat(new Uint8Array())).toBeNull();
  });
});

describe("renderProfilePhoto", () => {
  it("cuts the centre square of wide, tall, tiny, grey and palette pictures", async () => {
    // Wide: green in the middle third, red at the sides; the square keeps the green.
    const wide = image(900, 300, (x) => (x >= 300 && x < 600 ? [0, 200, 0] : [200, 0, 0]));
    const sources = [
      await new Bun.Image(wide).jpeg().bytes(),
      await new Bun.Image(image(40, 700, () => [0, 200, 0])).webp().bytes(),
      await new Bun.Image(image(1, 1, () => [0, 200, 0])).png().bytes(),
      await new Bun.Image(image(64, 64, () => [0, 200, 0])).png({ palette: true, colors: 4 }).bytes(),
      await new Bun.Image(image(64, 64, () => [90, 90, 90])).modulate({ saturation: 0 }).jpeg().bytes(),
    ];
    for (const source of sources) {
      const out = await renderProfilePhoto(source);
      expect(await new Bun.Image(out[512]).metadata()).toEqual({ width: 512, height: 512, format: "webp" });
      expect(await new Bun.Image(out[96]).metadata()).toEqual({ width: 96, height: 96, format: "webp" });
    }
    const fromWide = await renderProfilePhoto(sources[0] as Uint8Array);
    for (const x of [10, 256, 500]) {
      const [r, g] = await pixelAt(fromWide[512], x, 256);
      expect(g).toBeGreaterThan(150);
      expect(r).toBeLessThan(60);
    }
  });

  it("refuses what is not a photo, and a canvas over 40 megapixels before decoding it", async () => {
    await expect(renderProfilePhoto(new TextEncoder().encode("GIF89a"))).rejects.toEqual(
      new PhotoRejected("type"),
    );
    const png = await new Bun.Image(image(8, 8, () => [0, 0, 0])).png().bytes();
    new DataView(png.buffer, png.byteOffset + 16, 8).setUint32(0, 8_000);
    new DataView(png.buffer, png.byteOffset + 16, 8).setUint32(4, 5_001);
    // Its own reason, not "size": the member is told about pixels, not about megabytes.
    for (const render of [renderProfilePhoto, renderPostPhoto]) {
      const refused = await render(png).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(PhotoRejected);
      expect((refused as PhotoRejected).reason).toBe("pixels");
    }
  });
});

describe("PNG crop", () => {
  it("is byte-exact", async () => {
    const png = await new Bun.Image(image(7, 5, (x, y) => [x * 30, y * 40, 77])).png().bytes();
    const raw = decodePng(png);
    const cut = decodePng(cropPng(raw, 2, 1, 3));
    expect([cut.width, cut.height]).toEqual([3, 3]);
    for (let y = 0; y < 3; y++) {
      for (let x = 0; x < 3; x++) {
        const a = ((y + 1) * raw.width + x + 2) * raw.bpp;
        const b = (y * 3 + x) * cut.bpp;
        expect([...cut.pixels.subarray(b, b + cut.bpp)]).toEqual([...raw.pixels.subarray(a, a + raw.bpp)]);
      }
    }
  });
});
