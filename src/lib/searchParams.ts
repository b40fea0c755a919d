/**
 * Page state kept in the address (filters, tabs, a search): the query string with `name` set to
 * `value`, or without it when `value` is empty, so a cleared filter leaves no `?name=` behind.
 */
export function withParam(current: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value === '') next.delete(name);
  else next.set(name, value);
  return next;
}
