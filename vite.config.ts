import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { demoServices } from './demo/demo-services.js';
import { strictCspPage } from './demo/strict-csp.js';

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/**
 * `npm start` serves the demo pages (demo/) with the sandbox and the proxy
 * behind them; `npm run build` bundles the widget for script tags and CDNs
 * (the npm modules are tsconfig.build.json's job).
 */
export default defineConfig({
  root: 'demo',
  plugins: [demoServices(), strictCspPage()],
  server: {
    host: '127.0.0.1',
    open: false,
    // The page never needs the server-side code (the proxy, the sandbox and its credentials):
    // the dev server refuses to serve it, so nothing the browser can ask for holds a credential.
    fs: { deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/src/proxy/**', '**/src/sandbox/**'] },
  },
  resolve: {
    // The demo pages load the script tag's file by its published name; in dev that is the source.
    alias: [{ find: /^\/booking-widget\.js$/, replacement: source('index.ts') }],
  },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    lib: {
      entry: source('index.ts'),
      formats: ['es'],
      fileName: () => 'booking-widget.js',
    },
    rolldownOptions: {
      output: {
        // Lib mode keeps ES output readable for further bundling; this file is
        // the end of the line (a script tag), so minify it fully.
        minify: { codegen: true },
        comments: { legal: true, annotation: false, jsdoc: false },
        // Lazy pieces (DOMPurify, language catalogs) load relative to the
        // bundle's own URL, so they sit beside it on any CDN path.
        chunkFileNames: 'booking-widget-[name]-[hash].js',
      },
    },
  },
});
