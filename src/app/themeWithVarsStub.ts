/**
 * What the production build gives Material's `createTheme` in place of its CSS-variables theme
 * builder (vite.config.ts): the app's theme has no CSS variables (theme.ts), so the builder is never
 * called, and leaving it out keeps ≈ 4 KB gzip off the first route (docs/benchmarks.md). Asking
 * for CSS variables (`cssVariables`, `colorSchemes`, `extendTheme`) then fails loudly here.
 */
export default function createThemeWithVars(): never {
  throw new Error('The build leaves out Material CSS-variables themes: see vite.config.ts');
}
