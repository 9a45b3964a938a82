/**
 * `npm run size:modules` gives each source module the characters its source map says it produced
 * (bench/size-modules.ts): a decoder that misreads the map would send bytes to the wrong module.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { charactersBySource, decodeMappings } from '../../bench/size-modules.js';

describe('size:modules source-map reading', () => {
  it('decodes columns and sources, relative across segments and lines, multi-digit and negative values included', () => {
    // gB: 16 (a continuation digit, then 1 << 5, halved for the sign bit); C: +1; D: -1.
    assert.deepEqual(decodeMappings('AAAA,gBCAA;IDAA,E'), [
      [
        [0, 0],
        [16, 1],
      ],
      [
        [4, 0],
        [6, undefined],
      ],
    ]);
  });

  it('gives each source the characters up to the next segment, and what comes before a line’s first segment to the bundler', () => {
    const map = { sources: ['../src/a.ts', '../src/b.ts'], mappings: 'AAAA,CCAA;EAAA' };
    assert.deepEqual(Object.fromEntries(charactersBySource('ab\n  cd', map)), { '../src/a.ts': 'a', '../src/b.ts': 'bcd', '(none)': '  ' });
  });

  it('refuses a map that is not base64 VLQ', () => {
    assert.throws(() => decodeMappings('A!'), /Not a base64 VLQ digit/);
  });
});
