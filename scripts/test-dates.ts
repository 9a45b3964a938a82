// `npm run test:dates`: the date-sensitive browser files (web-test-runner.config.mjs's
// "pinned-todays" group) under instants the suite was not written for, drawn by
// test/support/drawn-todays.ts, each from a random host zone. Not part of `npm test`: it is
// the habit of trying held-out days, and a failure is replayed with the seed it prints.
//
//   TEST_DATES_SEED   the draw (default: a fresh one, printed)
//   TEST_DATES_COUNT  how many instants (default 4)
//   TEST_DATES_FROM   the window's start, an ISO instant (default: test-clock.ts's earliest pinned
//                     today); it ends three years later. Never the real today: a seed replays the
//                     same instants on any day.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { drawTodays, windowEnd } from '../test/support/drawn-todays.js';
import { PINNED_TODAYS } from '../test/support/test-clock.js';

const DEFAULT_COUNT = 4;
const DEFAULT_FROM = PINNED_TODAYS.map((today) => today.now).sort()[0]!;

function readInteger(name: string, fallback: number): number {
  const value = process.env[name];
  if (!value) return fallback;
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, not ${JSON.stringify(value)}`);
  return Number(value);
}

const seed = readInteger('TEST_DATES_SEED', randomInt(2 ** 31));
const count = readInteger('TEST_DATES_COUNT', DEFAULT_COUNT);
const fromText = process.env.TEST_DATES_FROM || DEFAULT_FROM;
const from = Date.parse(fromText);
if (Number.isNaN(from) || count < 1)
  throw new Error(`TEST_DATES_FROM must be an ISO instant (${fromText}) and TEST_DATES_COUNT at least 1`);

const todays = drawTodays({ seed, count, from });
const pinned = todays.map(({ name, now, hostTimeZone }) => ({ name, now, hostTimeZone }));
const replay = [
  `TEST_DATES_SEED=${seed}`,
  ...(count !== DEFAULT_COUNT ? [`TEST_DATES_COUNT=${count}`] : []),
  ...(fromText !== DEFAULT_FROM ? [`TEST_DATES_FROM=${fromText}`] : []),
].join(' ');

console.info(`test:dates seed ${seed}: ${count} instants in [${new Date(from).toISOString()}, ${new Date(windowEnd(from)).toISOString()})`);
for (const today of todays) {
  console.info(`  ${today.now}  host ${today.hostTimeZone.padEnd(20)} ${today.name} (${new Date(today.near.at).toISOString()})`);
}
console.info(`Replay: ${replay} npm run test:dates`);
console.info(
  `Some files under these instants: TEST_PINNED_TODAYS='${JSON.stringify(pinned)}' TEST_TIME_ZONES=UTC TEST_FILES=… npm run test:browser\n`,
);

// TEST_FILES would replace the groups, and with them the one this runs.
const { TEST_FILES: _files, ...env } = process.env;
const started = performance.now();
const child = spawn('npm', ['run', '--silent', 'test:browser', '--', '--group', 'pinned-todays'], {
  stdio: 'inherit',
  env: { ...env, TEST_PINNED_TODAYS: JSON.stringify(pinned) },
});
// Stopping this stops the browsers too, rather than leaving the run behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  const result = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
  console.info(
    `\ntest:dates seed ${seed}: ${result} in ${minutes} min; instants ${todays.map((t) => `${t.now} ${t.hostTimeZone}`).join(', ')}`,
  );
  if (code !== 0) console.info(`Replay: ${replay} npm run test:dates`);
  process.exit(code ?? 1);
});
