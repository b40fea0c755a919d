import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { product } from './src/config/product';
import { webManifest } from './src/config/webManifest';

const alias = {
  '@contract': fileURLToPath(new URL('./src/contract', import.meta.url)),
  '@config': fileURLToPath(new URL('./src/config', import.meta.url)),
};

const require = createRequire(import.meta.url);

export default defineConfig(({ command }) => ({
  resolve: {
    alias: [
      ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
      // react-router's package exports only its development build, whose dev warnings stay in the
      // bundle (0.5 KB gzip of the first route); its production build differs by that one switch.
      ...(command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: join(
                dirname(require.resolve('react-router/package.json')),
                'dist/production/index.mjs',
              ),
            },
          ]
        : []),
    ],
  },
  server: {
    // `npm run dev` talks to the API of a running `npm run serve`.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: { sourcemap: true },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      includeManifestIcons: false,
      manifest: webManifest(product),
      injectManifest: {
        globPatterns: [
          '**/*.{js,mjs,css,html,svg,webmanifest,woff2}',
          'icons/icon-192.png',
          // The offline basemap (species distribution maps): 128 KB gzip.
          'maps/locations.geojson',
        ],
      },
    }),
  ],
}));
