/**
 * The CI size budget: the English script-tag bundle — dist/booking-widget.js and
 * any chunk it imports statically (none today), which load with it — is at most
 * 25 KB brotli (1 KB = 1,024 bytes). Builds nothing: run it after `npm run build`.
 * It also prints a whole English booking (the bundle and every chunk a plain booking
 * fetches, bench/size.ts `wholeBooking`) against its 34 KB target, which fails the
 * check only once `WHOLE_BOOKING_ENFORCED` is set: when a build first gets under it.
 * Until then the whole booking fails it above its ceiling (`WHOLE_BOOKING_CEILING_BYTES`, 47 KB):
 * it may shrink towards the target, not grow unnoticed.
 *
 *   node --import tsx bench/check-size.ts [dist folder, default dist/]
 *
 * Exits 1, with the figures, when the bundle is over budget or missing, or the whole booking over its ceiling.
 */
import { fileURLToPath } from 'node:url';
import {
  BUNDLE_BUDGET_BYTES,
  type Compressed,
  WHOLE_BOOKING_CEILING_BYTES,
  WHOLE_BOOKING_TARGET_BYTES,
  formatKB,
  measureBuild,
} from './size.js';

/** Issue 28 asks for the whole booking within 34 KB; the check fails above it once a build has been under it. */
const WHOLE_BOOKING_ENFORCED = false;

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const bytes = (value: number) => `${value.toLocaleString('en-US')} B`.padStart(10);
const line = (label: string, size: Compressed) =>
  `  ${label.padEnd(44)} raw ${bytes(size.raw)}   gzip ${bytes(size.gzip)}   brotli ${bytes(size.brotli)} (${formatKB(size.brotli)})`;

try {
  const { files, eager, booking } = await measureBuild(dist);
  console.log('Script-tag bundle, English (what loads before any of it runs):');
  for (const file of files.filter((f) => eager.files.includes(f.file))) console.log(line(file.file, file));
  if (eager.files.length > 1) console.log(line('total', eager));
  const over = eager.brotli - BUNDLE_BUDGET_BYTES;
  const verdict = over > 0 ? `OVER by ${formatKB(over)} (${over.toLocaleString('en-US')} bytes)` : `within, ${formatKB(-over)} to spare`;
  console.log(
    `Budget: ${formatKB(BUNDLE_BUDGET_BYTES)} brotli (${BUNDLE_BUDGET_BYTES.toLocaleString('en-US')} bytes): ${formatKB(eager.brotli)}, ${verdict}.`,
  );
  if (over > 0) process.exitCode = 1;

  console.log('\nWhole booking, English (service → time → details → booked: the bundle and every chunk it fetches):');
  for (const file of files.filter((f) => booking.files.includes(f.file))) console.log(line(file.file, file));
  console.log(line('total', booking));
  const bookingOver = booking.brotli - WHOLE_BOOKING_TARGET_BYTES;
  console.log(
    `Target: ${formatKB(WHOLE_BOOKING_TARGET_BYTES)} brotli (${WHOLE_BOOKING_TARGET_BYTES.toLocaleString('en-US')} bytes): ${formatKB(booking.brotli)}, ${
      bookingOver > 0
        ? `over by ${formatKB(bookingOver)} (${bookingOver.toLocaleString('en-US')} bytes)`
        : `within, ${formatKB(-bookingOver)} to spare`
    }${WHOLE_BOOKING_ENFORCED ? '' : ' (reported; enforced once under)'}.`,
  );
  if (WHOLE_BOOKING_ENFORCED && bookingOver > 0) process.exitCode = 1;
  if (!WHOLE_BOOKING_ENFORCED) {
    const aboveCeiling = booking.brotli - WHOLE_BOOKING_CEILING_BYTES;
    console.log(
      `Ceiling until then: ${formatKB(WHOLE_BOOKING_CEILING_BYTES)} (${WHOLE_BOOKING_CEILING_BYTES.toLocaleString('en-US')} bytes): ${
        aboveCeiling > 0
          ? `OVER by ${aboveCeiling.toLocaleString('en-US')} bytes: take them off, or raise the ceiling (bench/size.ts) in a commit that says why`
          : `within, ${formatKB(-aboveCeiling)} to spare`
      }.`,
    );
    if (aboveCeiling > 0) process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
