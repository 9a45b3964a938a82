// Lists, live, what the page's Content-Security-Policy blocked. It loads before the widget to see everything.
import { strictCsp } from './csp-policy.js';

// The policy shown is the one served (strict-csp.ts builds it the same way, from the address the page was asked at),
// so its origin is this server's, whatever port `npm start` got.
const { origin } = location;
document.querySelector('#policy')!.textContent = strictCsp({
  proxy: `${origin}/booking-api/`,
  extraConnect: [origin.replace('http', 'ws')],
}).replace('; connect-src', ';\nconnect-src');
const list = document.querySelector('#violation-list')!;
const summary = document.querySelector('#violations')!;
let count = 0;

const show = () => {
  summary.textContent = count === 0 ? 'No CSP violation so far.' : `${count} CSP violation${count === 1 ? '' : 's'}:`;
};

document.addEventListener('securitypolicyviolation', (event) => {
  count += 1;
  const item = document.createElement('li');
  item.textContent = `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`;
  list.append(item);
  show();
});

show();
