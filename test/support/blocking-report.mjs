/**
 * Loaded into every `node --test` process (`--import`): the runner and each test file's own
 * process, which sends its report to the runner over stdout.
 *
 * Under `--test-force-exit` a test file's process ends with `process.exit()` once its tests are
 * done. Its stdout is a pipe; when the runner reads it late (a busy machine), writes queue up
 * in the process, and the exit dropped them: the file's last verdicts never reached the
 * runner, and the run stayed green with fewer tests counted (731 of 744 in one busy run;
 * nodejs/node#64833). Blocking writes cannot be left behind: the process waits for the runner
 * to read before it exits. Plain JavaScript, so that it needs no loader. test/node/test-report.test.ts
 * shows the loss without it.
 */
import process from 'node:process';

// The pipe's libuv handle: the fix proposed upstream (nodejs/node#64875) blocks it the same way.
process.stdout._handle?.setBlocking?.(true);
