import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { preactAliases } from './preact-aliases.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a .br and a .gz next to every text asset once the bundle is on disk, at the strongest levels (paid once, at
 * build time), so the server sends them without compressing per request (docs/decisions/0021). Node's zlib only.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'armazem-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true }))
        .filter((file) => COMPRESSIBLE.test(file))
        .map((file) => path.join(outDir, file));
      await Promise.all(
        files.map(async (file) => {
          const raw = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          // A compressed copy that is not smaller is left out; the server then sends the file as it is.
          if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    // React's API on Preact's 4 KB runtime: keeps the login page under the template's 79 KB (docs/decisions/0004).
    alias: preactAliases,
  },
  server: {
    port: 5173,
    // changeOrigin stays false so the API sees the browser's own Host and its same-origin check holds.
    // 127.0.0.1, not localhost: the API listens on IPv4 and localhost may resolve to ::1 first.
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: false },
    },
  },
  // reportCompressedSize off: the plugin above compresses every file anyway, and the report gzips them all again.
  // No modulepreload polyfill: every browser the es2022 target runs on supports it natively.
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    reportCompressedSize: false,
    modulePreload: { polyfill: false },
    // 7 hash characters, not 8: the first page lists every lazy chunk's name for preloading, and hashes are the part
    // compression cannot shrink (rolldown asks for 7 at this number of chunks). Keeps /login within its 70 KB (issue 12).
    rollupOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
      },
    },
  },
});
