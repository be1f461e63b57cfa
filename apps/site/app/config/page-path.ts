/**
 * A page's path as the site links it: the prerender renders `/course/4` as `/course/4/` (it writes
 * `course/4/index.html`), and what it writes must be what the browser's islands see.
 */
export function normalPagePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname
}
