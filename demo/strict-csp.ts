/**
 * Serves demo/csp.html under the strict Content-Security-Policy that
 * docs/embedding.md recommends, so `npm start` shows the widget working under it.
 * Dev only: the one addition is Vite's own hot-reload socket.
 */
import type { Plugin } from 'vite';
import { strictCsp } from './csp-policy.js';
import { PROXY_PATH } from './demo-services.js';

export function strictCspPage(): Plugin {
  return {
    name: 'booking-widget-strict-csp-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] === '/csp.html') {
          const origin = `http://${request.headers.host ?? '127.0.0.1'}`;
          response.setHeader(
            'Content-Security-Policy',
            strictCsp({ proxy: `${origin}${PROXY_PATH}/`, extraConnect: [origin.replace('http', 'ws')] }),
          );
        }
        next();
      });
    },
  };
}
