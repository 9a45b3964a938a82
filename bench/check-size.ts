/**
 * The CI size budget: the English script-tag bundle — dist/booking-widget.js and
 * any chunk it imports statically (none today), which load with it — is at most
 * 25 KB brotli (1 KB = 1,024 bytes). Builds nothing: run it after `npm run build`.
 *
 *   node --import tsx bench/check-size.ts [dist folder, default dist/]
 *
 * Exits 1, with the figures, when the bundle is over budget or missing.
 */
import { fileURLToPath } from 'node:url';
import { BUNDLE_BUDGET_BYTES, type Compressed, formatKB, measureBuild } from './size.js';

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const bytes = (value: number) => `${value.toLocaleString('en-US')} B`.padStart(10);
const line = (label: string, size: Compressed) =>
  `  ${label.padEnd(44)} raw ${bytes(size.raw)}   gzip ${bytes(size.gzip)}   brotli ${bytes(size.brotli)} (${formatKB(size.brotli)})`;

try {
  const { files, eager } = await measureBuild(dist);
  console.log('Script-tag bundle, English (what loads before any of it runs):');
  for (const file of files.filter((f) => eager.files.includes(f.file))) console.log(line(file.file, file));
  if (eager.files.length > 1) console.log(line('total', eager));
  const over = eager.brotli - BUNDLE_BUDGET_BYTES;
  const verdict = over > 0 ? `OVER by ${formatKB(over)} (${over.toLocaleString('en-US')} bytes)` : `within, ${formatKB(-over)} to spare`;
  console.log(
    `Budget: ${formatKB(BUNDLE_BUDGET_BYTES)} brotli (${BUNDLE_BUDGET_BYTES.toLocaleString('en-US')} bytes): ${formatKB(eager.brotli)}, ${verdict}.`,
  );
  if (over > 0) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
