/**
 * The Content-Security-Policy docs/embedding.md recommends to merchants, as
 * code: the strict-CSP demo page and the end-to-end test serve exactly this.
 */
export interface CspSources {
  /** The booking proxy's URL; the only place the page may send requests. */
  proxy: string;
  /** Where the widget's script is served from besides the page's origin (a CDN). */
  scripts?: string[];
  /** Where company and staff pictures come from besides `data:` URLs. */
  images?: string[];
  /** Other endpoints the page itself needs (a dev server's socket). */
  extraConnect?: string[];
}

export function strictCsp({ proxy, scripts = [], images = [], extraConnect = [] }: CspSources): string {
  return [
    "default-src 'none'",
    ["script-src 'self'", ...scripts].join(' '),
    "style-src 'self'",
    ["img-src 'self' data:", ...images].join(' '),
    ['connect-src', proxy, ...extraConnect].join(' '),
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
