import { expect } from '@open-wc/testing';
import { createMessageLoader, en, loadMessages } from '../../../src/i18n/index.js';
import { captureWarnings, controlledImports } from './controlled-imports.js';

// The browser keeps 250 resource entries by default and drops later ones; an
// overflow before this line could hide a catalog request, so it is checked below.
const entriesAtStart = performance.getEntriesByType('resource').length;
performance.setResourceTimingBufferSize(10_000);

/** URLs of the catalog modules the page has requested so far. */
const catalogRequests = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => /\/i18n\/catalogs\/[a-z]+\.(js|ts)\b/.test(url));

const requested = (language: string) => catalogRequests().some((url) => new RegExp(`/catalogs/${language}\\.(js|ts)\\b`).test(url));

const french = { ...en, back: 'Retour' };

describe('loadMessages: catalogs load on demand', () => {
  // These run in order: the page must not have touched the French catalog before the second test.
  it('needs no request for English: it is part of the bundle', async () => {
    expect(entriesAtStart, 'the resource timing buffer was full before the test started').to.be.below(250);
    const messages = await loadMessages('en');
    expect(messages.back).to.equal('Back');
    expect(catalogRequests().filter((url) => !/\/catalogs\/en\./.test(url))).to.deep.equal([]);
  });

  it('requests the French catalog only when French is asked for', async () => {
    expect(requested('fr'), 'French requested before anyone asked for it').to.equal(false);
    const messages = await loadMessages('fr');
    expect(messages.back).to.equal('Retour');
    expect(requested('fr')).to.equal(true);
    expect(requested('de'), 'loading French fetched German too').to.equal(false);
  });

  it('loads each language from its own module', async () => {
    const [german, japanese] = await Promise.all([loadMessages('de'), loadMessages('ja')]);
    expect(german.back).to.equal('Zurück');
    expect(japanese.back).to.equal('戻る');
    expect(requested('de') && requested('ja')).to.equal(true);
  });
});

describe('createMessageLoader', () => {
  it('shares one import between concurrent loads of a language', async () => {
    const { imports, calls, call } = controlledImports();
    const loader = createMessageLoader(imports);
    const first = loader.load('fr');
    const second = loader.load('fr');
    expect(calls.fr).to.have.length(1);
    call('fr', 0).resolve(french);
    expect(await first).to.equal(french);
    expect(await second).to.equal(french);
    expect(await loader.load('fr')).to.equal(french);
    expect(calls.fr).to.have.length(1);
  });

  it('knows synchronously which catalogs have arrived', async () => {
    const { imports, call } = controlledImports();
    const loader = createMessageLoader(imports);
    expect(loader.loaded('en')).to.equal(en);
    const loading = loader.load('fr');
    expect(loader.loaded('fr')).to.equal(undefined);
    call('fr', 0).resolve(french);
    await loading;
    expect(loader.loaded('fr')).to.equal(french);
  });

  it('falls back to English when an import fails, and tries again next time', async () => {
    const { imports, calls, call } = controlledImports();
    const loader = createMessageLoader(imports);
    const failing = loader.load('fr');
    call('fr', 0).reject(new TypeError('Failed to fetch dynamically imported module'));
    const { result, warnings } = await captureWarnings(() => failing);
    expect(result).to.equal(en);
    expect(String(warnings[0]?.[0])).to.contain('"fr"');
    expect(loader.loaded('fr')).to.equal(undefined);

    const retry = loader.load('fr');
    expect(calls.fr).to.have.length(2);
    call('fr', 1).resolve(french);
    expect(await retry).to.equal(french);
  });
});
