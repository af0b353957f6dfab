// Writes .br and .gz beside every compressible file of the build, so that the server sends them
// without compressing per request (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist';
const compressible = /\.(js|css|html|svg|json|txt|map|webmanifest)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (compressible.test(name)) yield path;
  }
}

for (const path of files(root)) {
  const content = readFileSync(path);
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
}
