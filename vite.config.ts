import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { product } from './src/config/product';
import { webManifest } from './src/config/webManifest';

const alias = {
  '@contract': fileURLToPath(new URL('./src/contract', import.meta.url)),
  '@config': fileURLToPath(new URL('./src/config', import.meta.url)),
};

const require = createRequire(import.meta.url);

/**
 * Material's `createTheme` imports its CSS-variables theme builder even for a theme without CSS
 * variables, which is the app's (src/app/theme.ts): the build answers that import with a stub that
 * throws (src/app/themeWithVarsStub.ts), so the builder stays off the first route.
 */
const themeWithoutCssVariables: Plugin = {
  name: 'fieldmark-theme-without-css-variables',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source !== './createThemeWithVars.mjs' || !importer) return null;
    if (!/[\\/]@mui[\\/]material[\\/]styles[\\/]/.test(importer)) return null;
    return fileURLToPath(new URL('./src/app/themeWithVarsStub.ts', import.meta.url));
  },
};

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
  // src/config/product.ts: the browser bundle does not re-check the product config.
  define: { __FIELDMARK_BROWSER_BUNDLE__: 'true' },
  build: {
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The domains' route objects (their modules load them with the route table): one
              // chunk, not one request per domain. Their imports (React) stay where they are.
              name: 'feature-routes',
              test: /\/src\/features\/[\w-]+\/routes\.tsx$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    modulePreload: {
      /**
       * The domains' route objects (`feature-routes-*.js`, loaded with the route table) hold every
       * page's lazy import, and each import's list of chunks to preload: ≈ 4 KB gzip of lists,
       * loaded before any page shows. From there and from the first route's chunk (`index-*.js`),
       * only the welcome page and the route table keep their lists; a page's chunks then load as
       * its imports are parsed (served by the service worker's precache after the first visit).
       * Imports from any other chunk keep theirs.
       */
      resolveDependencies: (file, deps, { hostId }) =>
        !/^assets\/(index|feature-routes)-[\w-]+\.js$/.test(hostId) || /\/(AppPages|WelcomePage)-/.test(file)
          ? deps
          : [],
    },
  },
  plugins: [
    themeWithoutCssVariables,
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
    // Brotli and gzip copies for the static plugin to serve (preCompressed), made once at build
    // time at the best ratio. Only the hashed assets and the basemap: a no-cache file (sw.js,
    // index.html) is replaced in place on a deploy, and a stale .br beside it would win; the
    // server compresses those on the fly.
    compression({
      include: [/assets\/.+\.(js|mjs|css|svg)$/, /maps\/.+\.geojson$/],
      threshold: 1024,
      algorithms: ['gzip', 'brotliCompress'],
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
  ],
}));
