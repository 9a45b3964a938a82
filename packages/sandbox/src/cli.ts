#!/usr/bin/env node
/**
 * `booking-widget-sandbox --port 8787` (in this repository, `npm run sandbox -- --port 8787`): the sandbox on Node, for the demo, manual
 * testing with curl, and merchants who develop offline. See docs/sandbox.md.
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { USAGE, UsageError, parseCliArgs, type CliOptions } from './cli-args.js';
import { createSandbox } from './create-sandbox.js';
import { SANDBOX_CREDENTIALS } from './credentials.js';
import { fileStore } from './file-store.js';

function banner(options: CliOptions, { port }: AddressInfo): string {
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const base = `http://${host}:${port}`;
  const { apiKey, token, oauth } = SANDBOX_CREDENTIALS;
  const authorize = `${base}/o/oauth2/auth?client_id=${oauth.clientId}&redirect_uri=${encodeURIComponent(oauth.redirectUri)}&state=xyz`;
  return [
    `Scheduling service sandbox listening on ${base}`,
    `  partner headers   apiKey: ${apiKey}   token: ${token}`,
    `  OAuth client      ${oauth.clientId} / ${oauth.clientSecret}`,
    `  redirect URI      ${oauth.redirectUri}`,
    `  get a code        ${authorize}`,
    `  companies         demo-salon, demo-courts, demo-clinic, demo-salon-west`,
    `  clock             ${options.now ? `fixed at ${options.now}` : 'real time'}`,
    `  state             ${options.dataFile ? `kept in ${options.dataFile}` : 'in memory'}`,
    options.latencyMs ? `  latency           +${options.latencyMs} ms per response` : '',
    ...options.failures.map((f) => `  forced failure    ${f.method ?? 'any'} *${String(f.path)}* → ${f.status}`),
    `  try               curl -H 'apiKey: ${apiKey}' -H 'token: ${token}' ${base}/api/2.1/scheduling/companies/demo-salon`,
    `  play staff        curl -X PUT -H 'apiKey: ${apiKey}' -H 'token: ${token}' '${base}/api/2.0/registrations/next?queueId=7001'`,
  ]
    .filter(Boolean)
    .join('\n');
}

function main(): void {
  let options: CliOptions;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const handler = createSandbox({
    now: options.now,
    latencyMs: options.latencyMs,
    failures: options.failures,
    persistence: options.dataFile ? fileStore(options.dataFile) : undefined,
  });
  const server = serve({ fetch: handler, port: options.port, hostname: options.host }, (info) => console.log(banner(options, info)));
  server.on('error', (error) => {
    console.error(`The sandbox could not listen on ${options.host}:${options.port}: ${error.message}`);
    process.exit(1);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => server.close(() => process.exit(0)));
  }
}

main();
