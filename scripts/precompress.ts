// Brotli and gzip copies of the built client, made once at build time, so the server sends them as
// they are (`@fastify/static` preCompressed, server/src/plugins/client.ts) instead of compressing
// every response or sending the files uncompressed.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** Types worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/i;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

export function brotli(data: Buffer): Buffer {
  return zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

export function gzip(data: Buffer): Buffer {
  return zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION });
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir`; answers how many files. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const br = brotli(data);
    const gz = gzip(data);
    // A copy that does not save anything would only cost a file lookup.
    if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}
