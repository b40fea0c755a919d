/**
 * Layout decisions of the shell. Only `isSideMenuHidden` is on the first route; the media query
 * hook is used by the (lazy) side menu itself, which renders nothing on narrow screens.
 */

/** SPEC §2: hidden on '', /cart, /checkout, /payment, /products and /fulfilment/*. */
export function isSideMenuHidden(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ['/', '/cart', '/checkout', '/payment', '/products'].includes(path) || path.includes('/fulfilment/');
}
