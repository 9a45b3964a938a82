/** `booking-widget-proxy --help`: every variable the Node entry reads, from the one list of them (settings.ts). */
import { proxySettings } from './settings.js';

const settings = proxySettings();
const width = Math.max(...settings.map((setting) => setting.name.length)) + 2;
const line = ({ name, required, default: fallback, help }: (typeof settings)[number]) => {
  const plain = fallback.replaceAll('`', '');
  const note = required === 'yes' ? 'required' : fallback === '—' ? `required with the ${required}` : `default ${plain}`;
  return `  ${name.padEnd(width)}${help} (${note})`;
};

export const PROXY_USAGE = `Usage: booking-widget-proxy   (in this repository: npm run proxy)

The booking proxy as a Node server: it holds the scheduling service's credentials
and forwards only what a booking page needs. It is configured from the environment
(give either both partner credentials or the three OAuth ones):

${settings.map(line).join('\n')}

Each variable in full: the "Environment" section of this package's README.md.`;
