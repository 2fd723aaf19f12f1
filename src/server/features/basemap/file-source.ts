import type { RangeResponse, Source } from "pmtiles";

/** A pmtiles Source over a local file, as the browser's FetchSource is over HTTP ranges. */
export class LocalFileSource implements Source {
  constructor(private readonly path: string) {}
  getKey() {
    return this.path;
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    return {
      data: await Bun.file(this.path)
        .slice(offset, offset + length)
        .arrayBuffer(),
    };
  }
}
