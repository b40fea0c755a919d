/** URL building for API calls (SPEC §7: GET sends its payload as a query string). */

export type QueryValue = string | number | boolean | null | undefined | object;
export type Payload = Record<string, QueryValue>;

/**
 * The query-string form of a payload: absent values are left out, scalars are written as they are,
 * and structured values (a filter object, a list) as JSON, which is how the API reads them.
 */
export function toQueryString(payload: Payload): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return params.toString();
}

/**
 * The absolute URL of `path` (relative to the API base, e.g. `login?include_profile=true`), with
 * `query` appended to any query the path already has.
 */
export function apiUrl(baseUrl: string, path: string, query?: Payload): string {
  const url = new URL(path.replace(/^\/+/, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  if (query) {
    const extra = new URLSearchParams(toQueryString(query));
    for (const [key, value] of extra) url.searchParams.append(key, value);
  }
  return url.toString();
}
