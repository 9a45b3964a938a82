import { expect, fixture, html as fixtureHtml } from '@open-wc/testing';
import { LitElement, html } from 'lit';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { de } from '../../../src/i18n/catalogs/de.js';
import { fr } from '../../../src/i18n/catalogs/fr.js';
import { LocaleController, type MessageLoader, createMessageLoader, en } from '../../../src/i18n/index.js';
import { captureWarnings, controlledImports } from './controlled-imports.js';

interface LocaleHost extends HTMLElement {
  locale: string | undefined;
  controller: LocaleController;
  /** The text of every render, in order. */
  renders: string[];
  updateComplete: Promise<boolean>;
}

let defined = 0;

/**
 * Defines an element that negotiates from its `locale` property, then the
 * nearest `lang`, and shows one message with `lang` and `dir` as the widget
 * does. Each test gets its own tag so each can bring its own loader.
 */
function defineHost(loader?: MessageLoader): string {
  const tag = `locale-host-${++defined}`;
  customElements.define(
    tag,
    class extends LitElement {
      static override properties = { locale: {} };
      declare locale: string | undefined;
      readonly renders: string[] = [];
      readonly controller = new LocaleController(this, () => [this.locale, this.parentElement?.closest('[lang]')?.getAttribute('lang')], {
        ...(loader && { loader }),
      });

      override render() {
        const { messages, locale, dir } = this.controller.localizer;
        this.renders.push(messages.back);
        return html`<p lang=${locale} dir=${dir}>${messages.back}</p>`;
      }
    },
  );
  return tag;
}

async function mount(tag: string, locale?: string): Promise<LocaleHost> {
  const element = document.createElement(tag) as LocaleHost;
  if (locale) element.locale = locale;
  const parent = await fixture(fixtureHtml`<div></div>`);
  parent.append(element);
  await element.updateComplete;
  return element;
}

/** Mounts a host whose catalogs arrive when the test says so (see `call`). */
async function mountControlled(locale: string) {
  const { imports, call, calls } = controlledImports();
  const tag = defineHost(createMessageLoader(imports));
  return { element: await mount(tag, locale), tag, call, calls };
}

/** Waits until the negotiated catalog is in use and the host has rendered with it. */
async function settled(element: LocaleHost) {
  const localizer = await element.controller.whenReady;
  await element.updateComplete;
  return localizer;
}

/** What a visitor sees (the text) and what assistive technology is told (lang, dir). */
function shown(element: LocaleHost) {
  const p = element.shadowRoot!.querySelector('p')!;
  return { text: p.textContent, lang: p.getAttribute('lang'), dir: p.getAttribute('dir') };
}

describe('LocaleController', () => {
  it('shows English until the chosen catalog arrives, then re-renders in that language', async () => {
    const { element, call } = await mountControlled('fr-CA');
    expect(shown(element)).to.deep.equal({ text: 'Back', lang: 'en', dir: 'ltr' });
    expect(element.controller.ready).to.equal(false);

    call('fr').resolve(fr);
    const localizer = await settled(element);
    expect(localizer.locale).to.equal('fr-CA');
    expect(element.controller.ready).to.equal(true);
    // Nothing about the element changed: only the controller's requested update can have re-rendered it.
    expect(shown(element)).to.deep.equal({ text: 'Retour', lang: 'fr-CA', dir: 'ltr' });
    expect(element.renders).to.deep.equal(['Back', 'Retour']);
  });

  it('renders English at once, with no load to wait for', async () => {
    const { element, calls } = await mountControlled('en-GB');
    expect(element.controller.ready).to.equal(true);
    expect(shown(element)).to.deep.equal({ text: 'Back', lang: 'en-GB', dir: 'ltr' });
    expect(Object.keys(calls)).to.deep.equal([]);
  });

  it('lays Arabic out right to left once it arrives', async () => {
    const { element, call } = await mountControlled('ar');
    call('ar').resolve(ar);
    await settled(element);
    expect(shown(element)).to.deep.equal({ text: 'رجوع', lang: 'ar', dir: 'rtl' });
  });

  it('follows a change of its candidates on the next update', async () => {
    const { element, call } = await mountControlled('fr');
    call('fr').resolve(fr);
    await element.controller.whenReady;

    element.locale = 'de';
    await element.updateComplete;
    expect(element.controller.ready).to.equal(false);
    expect(shown(element).text, 'the previous language stays while the next one loads').to.equal('Retour');

    call('de').resolve(de);
    await settled(element);
    expect(shown(element)).to.deep.equal({ text: 'Zurück', lang: 'de', dir: 'ltr' });
  });

  it('ignores a catalog that arrives after the language has changed again', async () => {
    const { element, call } = await mountControlled('fr');
    const stale = element.controller.whenReady;
    element.locale = 'de';
    await element.updateComplete;

    call('de').resolve(de);
    await settled(element);
    expect(shown(element).text).to.equal('Zurück');

    call('fr').resolve(fr);
    // The promise from before the change hands over to the current language rather than the stale one.
    expect((await stale).messages).to.equal(de);
    await element.updateComplete;
    expect(shown(element)).to.deep.equal({ text: 'Zurück', lang: 'de', dir: 'ltr' });
  });

  it('starts a second widget in a language already loaded, without an English flash', async () => {
    const { element: first, tag, call } = await mountControlled('fr');
    call('fr').resolve(fr);
    await first.controller.whenReady;

    const second = await mount(tag, 'fr-BE');
    expect(second.controller.ready).to.equal(true);
    expect(shown(second)).to.deep.equal({ text: 'Retour', lang: 'fr-BE', dir: 'ltr' });
    expect(second.renders).to.deep.equal(['Retour']);
  });

  it('falls back to English, as English, when the catalog cannot load', async () => {
    const { element, call } = await mountControlled('de');
    call('de').reject(new TypeError('Failed to fetch dynamically imported module'));
    const { result: localizer, warnings } = await captureWarnings(() => settled(element));
    expect(localizer.messages).to.equal(en);
    expect(warnings).to.have.length(1);
    expect(element.controller.ready).to.equal(true);
    expect(shown(element)).to.deep.equal({ text: 'Back', lang: 'en', dir: 'ltr' });
  });

  it('keeps widgets in different languages on one page apart', async () => {
    const tag = defineHost();
    const french = await mount(tag, 'fr');
    const japanese = await mount(tag, 'ja');
    const english = await mount(tag, 'en-US');
    await Promise.all([settled(french), settled(japanese)]);
    expect(shown(french)).to.deep.equal({ text: 'Retour', lang: 'fr', dir: 'ltr' });
    expect(shown(japanese)).to.deep.equal({ text: '戻る', lang: 'ja', dir: 'ltr' });
    expect(shown(english)).to.deep.equal({ text: 'Back', lang: 'en-US', dir: 'ltr' });
  });

  it('reads the page’s lang, and negotiates again when told it changed', async () => {
    const tag = defineHost();
    const container = await fixture(fixtureHtml`<section lang="es-MX"></section>`);
    const element = document.createElement(tag) as LocaleHost;
    container.append(element);
    await settled(element);
    expect(shown(element)).to.deep.equal({ text: 'Atrás', lang: 'es-MX', dir: 'ltr' });

    container.setAttribute('lang', 'nl');
    element.controller.update();
    await settled(element);
    expect(shown(element)).to.deep.equal({ text: 'Terug', lang: 'nl', dir: 'ltr' });

    element.locale = 'sv';
    await element.updateComplete;
    await settled(element);
    expect(shown(element).text, 'its own locale comes before the page’s').to.equal('Tillbaka');
  });
});
