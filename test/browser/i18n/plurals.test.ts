import { expect } from '@open-wc/testing';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { fr } from '../../../src/i18n/catalogs/fr.js';
import { ja } from '../../../src/i18n/catalogs/ja.js';
import { pl } from '../../../src/i18n/catalogs/pl.js';
import { createLocalizer, en } from '../../../src/i18n/index.js';

const TUESDAY = '2026-03-10';

describe('plurals through the localizer', () => {
  it('English: one time, two times', () => {
    const localizer = createLocalizer('en-US', en);
    const day = localizer.day(TUESDAY);
    const times = (count: number) => localizer.plural(en.timesAvailable, count, { day });
    expect(day).to.equal('Tuesday, March 10');
    expect(times(1)).to.equal('1 time available on Tuesday, March 10');
    expect(times(2)).to.equal('2 times available on Tuesday, March 10');
    expect(times(0)).to.equal('0 times available on Tuesday, March 10');
    expect(times(1200)).to.equal('1,200 times available on Tuesday, March 10');
  });

  it('French: zero and one are singular, a million takes “de”', () => {
    const localizer = createLocalizer('fr', fr);
    const day = localizer.day(TUESDAY);
    const times = (count: number) => localizer.plural(fr.timesAvailable, count, { day });
    expect(day).to.equal('mardi 10 mars');
    expect(times(0)).to.equal('0 horaire disponible le mardi 10 mars');
    expect(times(1)).to.equal('1 horaire disponible le mardi 10 mars');
    expect(times(2)).to.equal('2 horaires disponibles le mardi 10 mars');
    expect(times(1_000_000)).to.equal(`${localizer.number(1_000_000)} d’horaires disponibles le mardi 10 mars`);
    expect(localizer.number(1_000_000)).not.to.contain(',');
  });

  it('Polish: 1, 2–4, 5–21 and 22–24 each take their own form', () => {
    const localizer = createLocalizer('pl', pl);
    const fields = (count: number) => localizer.plural(pl.fixErrors, count);
    expect(fields(1)).to.equal('Popraw 1 pole.');
    expect(fields(2)).to.equal('Popraw 2 pola.');
    expect(fields(5)).to.equal('Popraw 5 pól.');
    expect(fields(12)).to.equal('Popraw 12 pól.');
    expect(fields(22)).to.equal('Popraw 22 pola.');
    expect(fields(25)).to.equal('Popraw 25 pól.');

    const day = localizer.day(TUESDAY);
    const times = (count: number) => localizer.plural(pl.timesAvailable, count, { day });
    expect([1, 2, 5, 22].map(times)).to.deep.equal([
      `${day}: 1 wolny termin`,
      `${day}: 2 wolne terminy`,
      `${day}: 5 wolnych terminów`,
      `${day}: 22 wolne terminy`,
    ]);
  });

  it('Arabic: zero, one, two, few, many and other', () => {
    const localizer = createLocalizer('ar', ar);
    const n = (count: number) => localizer.number(count);
    const fields = (count: number) => localizer.plural(ar.fixErrors, count);
    expect(fields(0)).to.equal('لا توجد حقول تحتاج إلى تصحيح.');
    expect(fields(1)).to.equal('يُرجى تصحيح حقل واحد.');
    expect(fields(2)).to.equal('يُرجى تصحيح حقلين.');
    expect(fields(3)).to.equal(`يُرجى تصحيح ${n(3)} حقول.`);
    expect(fields(10)).to.equal(`يُرجى تصحيح ${n(10)} حقول.`);
    expect(fields(11)).to.equal(`يُرجى تصحيح ${n(11)} حقلًا.`);
    expect(fields(99)).to.equal(`يُرجى تصحيح ${n(99)} حقلًا.`);
    expect(fields(100)).to.equal(`يُرجى تصحيح ${n(100)} حقل.`);
    expect(fields(103)).to.equal(`يُرجى تصحيح ${n(103)} حقول.`);
  });

  it('Japanese: one form, the number carried by its counter', () => {
    const localizer = createLocalizer('ja', ja);
    expect(localizer.plural(ja.fixErrors, 1)).to.equal('1件の項目を修正してください。');
    expect(localizer.plural(ja.fixErrors, 5)).to.equal('5件の項目を修正してください。');
    const day = localizer.day(TUESDAY);
    expect(localizer.plural(ja.timesAvailable, 12, { day })).to.equal(`${day}の空き枠は12件です`);
  });
});
