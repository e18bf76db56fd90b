/**
 * The path of the page being rendered, read during render. In the browser it is the address bar's
 * path; while prerendering at build time there is no window, so the prerender sets it first. Both
 * sides therefore agree on the path, and hydration sees the same markup that was prerendered.
 */
let prerenderPathname = '/';

export function setPrerenderPathname(pathname: string) {
  prerenderPathname = pathname;
}

export function currentPathname(): string {
  return typeof window === 'undefined' ? prerenderPathname : window.location.pathname;
}
