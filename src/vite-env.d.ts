/** Build-time settings the client reads (all optional; see src/app/apiDefaults.ts). */
interface ImportMetaEnv {
  /** API host when it is not the page's origin, e.g. `https://api.fieldmark.app`. */
  readonly VITE_API_HOST?: string;
  readonly VITE_CLIENT_ID?: string;
  readonly VITE_CLIENT_SECRET?: string;
  /** A production map style (http(s) URL) used instead of the local offline one (docs/operations.md). */
  readonly VITE_MAP_STYLE_URL?: string;
}
