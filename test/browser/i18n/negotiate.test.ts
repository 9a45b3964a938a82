import { expect } from '@open-wc/testing';
import { SUPPORTED_LANGUAGES, negotiateLocale } from '../../../src/i18n/index.js';

describe('negotiateLocale', () => {
  it('takes the first supported candidate, in the order given', () => {
    // attribute → company setting → page lang → browser
    expect(negotiateLocale(['de', 'fr', 'es', 'en-US'])).to.deep.equal({ language: 'de', formatLocale: 'de' });
    expect(negotiateLocale([undefined, 'fr', 'es', 'en-US'])).to.deep.equal({ language: 'fr', formatLocale: 'fr' });
    expect(negotiateLocale([null, '', 'es', 'en-US'])).to.deep.equal({ language: 'es', formatLocale: 'es' });
    expect(negotiateLocale([undefined, undefined, undefined, 'ja-JP'])).to.deep.equal({ language: 'ja', formatLocale: 'ja-JP' });
  });

  it('skips a candidate we have no catalog for and moves on to the next', () => {
    expect(negotiateLocale(['ko-KR', 'tlh', 'nl-BE'])).to.deep.equal({ language: 'nl', formatLocale: 'nl-BE' });
  });

  it('falls back from a regional tag to its language, but formats for the region', () => {
    expect(negotiateLocale(['fr-CA'])).to.deep.equal({ language: 'fr', formatLocale: 'fr-CA' });
    expect(negotiateLocale(['pt-BR'])).to.deep.equal({ language: 'pt', formatLocale: 'pt-BR' });
    expect(negotiateLocale(['es-419'])).to.deep.equal({ language: 'es', formatLocale: 'es-419' });
    expect(negotiateLocale(['zh-TW'])).to.deep.equal({ language: 'zh', formatLocale: 'zh-TW' });
    expect(negotiateLocale(['zh-Hant'])).to.deep.equal({ language: 'zh', formatLocale: 'zh-Hant' });
    expect(negotiateLocale(['ar-MA'])).to.deep.equal({ language: 'ar', formatLocale: 'ar-MA' });
  });

  it('prefers an earlier regional tag over a later exact one', () => {
    expect(negotiateLocale(['de-AT', 'fr'])).to.deep.equal({ language: 'de', formatLocale: 'de-AT' });
  });

  it('reads tags case-insensitively and keeps their extensions for formatting', () => {
    expect(negotiateLocale(['EN-gb'])).to.deep.equal({ language: 'en', formatLocale: 'en-GB' });
    expect(negotiateLocale([' sv-SE '])).to.deep.equal({ language: 'sv', formatLocale: 'sv-SE' });
    expect(negotiateLocale(['ar-EG-u-nu-latn'])).to.deep.equal({ language: 'ar', formatLocale: 'ar-EG-u-nu-latn' });
  });

  it('skips malformed tags instead of failing', () => {
    expect(negotiateLocale(['fr_FR', 'not a tag', '12', 'de-', '-', 'pl'])).to.deep.equal({ language: 'pl', formatLocale: 'pl' });
  });

  it('answers English, formatted as English, when nothing is supported', () => {
    expect(negotiateLocale(['ko', 'xx-YY', 'garbage!'])).to.deep.equal({ language: 'en', formatLocale: 'en' });
    expect(negotiateLocale([])).to.deep.equal({ language: 'en', formatLocale: 'en' });
    expect(negotiateLocale([undefined, null, ''])).to.deep.equal({ language: 'en', formatLocale: 'en' });
  });

  it('accepts every supported language by its bare subtag', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      expect(negotiateLocale([language]), language).to.deep.equal({ language, formatLocale: language });
    }
  });
});
