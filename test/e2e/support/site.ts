/**
 * A merchant's site for one test: static files from `roots` (the first that
 * has the path wins), the booking proxy at /booking-api, and optional response
 * headers per path (a Content-Security-Policy). `{{NAME}}` in an HTML file is
 * replaced from `values`, so a page can name another origin (the CDN's).
 */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { type Listening, listen } from './listen.js';
import { PROXY_PATH, type Services } from './services.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

export interface SiteOptions {
  roots: string[];
  /** Mounts the proxy at /booking-api, admitting this site's origin. */
  services?: Services;
  /** The `{{NAME}}` values: fixed, or read from the page's URL (a page that names the proxy instance a visitor is sent to). */
  values?: Record<string, string> | ((url: URL) => Record<string, string>);
  /** Extra headers for a path: `(pathname, siteUrl) => headers`. */
  headers?: (pathname: string, siteUrl: string) => Record<string, string>;
  /** Send `Access-Control-Allow-Origin: *`, as CDNs do (module scripts load with CORS). */
  cors?: boolean;
}

async function firstFile(roots: string[], pathname: string): Promise<{ path: string; body: Buffer } | undefined> {
  const relative = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  for (const root of roots) {
    const path = join(root, relative.endsWith('/') ? `${relative}index.html` : relative);
    if (!path.startsWith(root)) continue;
    try {
      return { path, body: await readFile(path) };
    } catch {
      // not in this root
    }
  }
  return undefined;
}

export async function startSite(options: SiteOptions): Promise<Listening> {
  let proxy: ((request: Request) => Promise<Response>) | undefined;
  const site = await listen(async (request) => {
    const url = new URL(request.url);
    const { pathname } = url;
    if (options.services && (pathname === PROXY_PATH || pathname.startsWith(`${PROXY_PATH}/`))) {
      // The proxy admits this site's origin, known once it listens.
      proxy ??= options.services.proxy(site.url);
      return proxy(request);
    }
    // Browsers ask for it unprompted; a 404 would be a console error.
    if (pathname === '/favicon.ico') return new Response(null, { status: 204 });
    const file = await firstFile(options.roots, pathname);
    if (!file) return new Response('Not found', { status: 404 });
    const type = TYPES[extname(file.path)] ?? 'application/octet-stream';
    const values = typeof options.values === 'function' ? options.values(url) : options.values;
    const body = type.startsWith('text/html')
      ? file.body.toString('utf8').replace(/\{\{(\w+)\}\}/g, (match, name: string) => values?.[name] ?? match)
      : new Uint8Array(file.body);
    return new Response(body, {
      headers: {
        'Content-Type': type,
        'Cache-Control': 'no-store',
        ...(options.cors && { 'Access-Control-Allow-Origin': '*' }),
        ...options.headers?.(pathname, site.url),
      },
    });
  });
  return site;
}
