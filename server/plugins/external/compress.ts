/**
 * Compressed answers (issue 24): API answers and the files without a build-time copy (sw.js,
 * index.html) are compressed on the fly with Brotli (quality 4: a fraction of quality 11's cost for
 * most of its gain) or gzip when the client accepts it and the answer is over 1 KB. Photos and other
 * already-compressed types are left alone (their types are not compressible), the chat's event
 * stream writes to the socket itself and never passes here, and a file the static plugin serves
 * from its build-time .br/.gz copy is already encoded and passes through.
 *
 * Request bodies are never decompressed: the app sends none compressed, and a compressed body
 * would slip a multi-megabyte payload past the body limit's first check.
 */
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

export const COMPRESS_THRESHOLD_BYTES = 1024;

export default fp(
  async (app) => {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD_BYTES,
    });
  },
  { name: 'compress', fastify: '5.x' },
);
