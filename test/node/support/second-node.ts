/**
 * `npm test`'s second run of the Node-side suite (CI: Node 24, the current LTS, beside the browser
 * suite; scripts/test.ts sets `TEST_SECOND_NODE`). A test whose code under test runs in another
 * runtime (the Worker in workerd, the Deno example in Deno) skips there: that Node only drives it,
 * and the first run, on the oldest Node package.json allows, has just run it. The skip says so in
 * the summary line, as every skip does.
 */
export function secondNodeSkip(runtime: string): string | false {
  return process.env.TEST_SECOND_NODE ? `${runtime}: runs in ${runtime}, not on this Node; the first Node run tests it` : false;
}
