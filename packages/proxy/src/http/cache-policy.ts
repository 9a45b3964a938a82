/**
 * What a browser or a CDN may keep of an answer. The company and its lists change
 * rarely and are the same for every visitor (private properties are stripped), so
 * a shared cache may keep them briefly and serve a stale copy while it refreshes:
 * the widget's first screen then costs no trip to the service. Free times change as
 * people book and everything else is one visitor's: never stored.
 */
export interface CatalogCaching {
  /** How long a browser or a CDN may reuse the company and its lists, in seconds. */
  maxAgeSeconds: number;
  /** How long past that a CDN may serve its copy while it fetches a fresh one, in seconds. */
  staleSeconds: number;
}

export const DEFAULT_CATALOG_CACHING: CatalogCaching = { maxAgeSeconds: 60, staleSeconds: 600 };

/** The `Cache-Control` of an answer the browser gets; `catalog` marks the company's GETs (company, lists, one record). */
export function cacheControl(catalog: boolean, status: number, caching: CatalogCaching | false): string {
  if (!catalog || caching === false || status < 200 || status >= 300) return 'no-store';
  const { maxAgeSeconds, staleSeconds } = caching;
  return `public, max-age=${maxAgeSeconds}, s-maxage=${maxAgeSeconds}, stale-while-revalidate=${staleSeconds}`;
}
