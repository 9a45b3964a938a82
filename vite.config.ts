import { fileURLToPath } from 'node:url';
import minifyHtmlLiterals from '@lit-labs/rollup-plugin-minify-html-literals';
import { defineConfig } from 'vite';
import { demoServices } from './demo/demo-services.js';
import { strictCspPage } from './demo/strict-csp.js';
import { manglePrivates } from './scripts/mangle-privates.js';

/**
 * What the entry file holds besides what it imports itself: Lit's core (not its
 * directives, which only the chunks that use them carry) and the widget's shared
 * helpers, which lazy chunks share with one another. Left alone, Rolldown gives
 * such modules chunks of their own: files fetched one round trip after the chunk
 * that needs them (a 133-byte one held back the first time slot). With the entry
 * module in the group, the group is the entry. So are the parts lists that the host's own
 * (booking-widget.parts.ts) and the steps' chunk (booking-widget/step-views.ts) both import.
 */
const ENTRY_GROUP =
  /node_modules\/(lit-html\/(lit-html|is-server)|lit-element\/lit-element|lit\/index|@lit\/reactive-element\/(reactive-element|css-tag)|@oxc-project\/runtime\/)|\/src\/components\/(shared\/|events\/announce-event|(day-picker|slot-picker|time-step|choice-list)\/[\w-]+\.parts\.ts$)|\/src\/(script-tag|widget)\.ts$/;

/**
 * What the booking code, manage mode and the walk-in line all need (how a refused booking or change
 * reads, its idempotency keys, the booking's calendar entry and its place, how its time is written, the order of a visitor's names): one chunk beside whichever
 * of them comes first. Left alone, Rolldown makes a chunk of each such module, a request each.
 */
const BOOKING_SHARED =
  /\/src\/(booking\/booking-failure|api\/idempotency-key|components\/calendar\/calendar-link\.styles|components\/fields\/text-fields|i18n\/booking-when)\.ts$/;

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/**
 * `npm start` serves the demo pages (demo/) with the sandbox and the proxy
 * behind them; `npm run build` bundles the widget for script tags and CDNs
 * (the npm modules are tsconfig.build.json's job).
 */
export default defineConfig({
  root: 'demo',
  plugins: [
    demoServices(),
    strictCspPage(),
    // Lit's own minifier for the markup and CSS inside html`` and css`` (build only): the
    // bundle's whitespace and comments live in those template strings, which Vite leaves alone.
    { ...minifyHtmlLiterals({ failOnError: true }), apply: 'build' },
    // Private members' names shortened alike in every file of the build (scripts/mangle-privates.ts).
    manglePrivates({ sourcemap: Boolean(process.env.BUNDLE_SOURCEMAP) }),
  ],
  server: {
    host: '127.0.0.1',
    open: false,
    // The page never needs the server-side code (the proxy, the sandbox and its credentials):
    // the dev server refuses to serve it, so nothing the browser can ask for holds a credential.
    fs: { deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/packages/proxy/src/**', '**/packages/sandbox/src/**'] },
  },
  resolve: {
    // The demo pages load the script tag's file by its published name; in dev that is the source.
    alias: [{ find: /^\/booking-widget\.js$/, replacement: source('script-tag.ts') }],
  },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    sourcemap: Boolean(process.env.BUNDLE_SOURCEMAP),
    lib: {
      entry: source('script-tag.ts'),
      formats: ['es'],
      fileName: () => 'booking-widget.js',
    },
    rolldownOptions: {
      // Code shared with the lazy chunks stays in the one file a script tag loads (the
      // chunks import it from there); 'strict', lib mode's default, would move it into a
      // separate shared chunk and make the page fetch two files before anything shows.
      preserveEntrySignatures: 'allow-extension',
      output: {
        codeSplitting: {
          groups: [
            { name: 'booking-widget', test: ENTRY_GROUP },
            { name: 'booking-shared', test: BOOKING_SHARED },
          ],
        },
        // Lib mode keeps ES output readable for further bundling; this file is
        // the end of the line (a script tag), so minify it fully.
        minify: { codegen: true },
        comments: { legal: true, annotation: false, jsdoc: false },
        // Lazy pieces (DOMPurify, language catalogs) load relative to the
        // bundle's own URL, so they sit beside it on any CDN path. Their hashes are 7 characters
        // (Rolldown's least for this many chunks), not 8: the entry names 20 chunks, and each
        // hash character is incompressible, so the eighth cost the script-tag bundle 58 bytes of brotli.
        chunkFileNames: 'booking-widget-[name]-[hash:7].js',
      },
    },
  },
});
