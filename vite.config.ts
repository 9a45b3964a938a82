import { defineConfig } from 'vite';
import { demoServices } from './demo/demo-services.js';

/**
 * `npm start` serves the demo pages (demo/) with the sandbox and the proxy
 * behind them; `npm run build` bundles the widget for script tags and CDNs.
 */
export default defineConfig({
  root: 'demo',
  plugins: [demoServices()],
  server: { host: '127.0.0.1', open: false },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    lib: {
      entry: new URL('./src/index.ts', import.meta.url).pathname,
      formats: ['es'],
      fileName: () => 'booking-widget.js',
    },
  },
});
