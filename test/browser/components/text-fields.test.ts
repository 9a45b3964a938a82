/**
 * The booking's details form and the walk-in line's form ask the same things the same way: the names in the
 * order the language writes them, and the contact fields left to right in every language.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/components/details-form/details-form.js';
import type { DetailsForm } from '../../../src/components/details-form/details-form.js';
import { QueuePhase, startQueue } from '../../../src/booking/queue-flow.js';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { en } from '../../../src/i18n/catalogs/en.js';
import { ja } from '../../../src/i18n/catalogs/ja.js';
import { queueAr } from '../../../src/i18n/catalogs/queue/ar.js';
import { queueEn } from '../../../src/i18n/catalogs/queue/en.js';
import { queueJa } from '../../../src/i18n/catalogs/queue/ja.js';
import { createLocalizer } from '../../../src/i18n/localizer.js';
import { allElements } from '../support/dom.js';
import { mountQueue } from '../support/queue-view.js';

const LANGUAGES = {
  'en-US': [en, queueEn],
  ja: [ja, queueJa],
  ar: [ar, queueAr],
} as const;
type Language = keyof typeof LANGUAGES;

async function detailsForm(locale: Language): Promise<Element> {
  const [messages] = LANGUAGES[locale];
  const localizer = createLocalizer(locale, messages);
  const form = await fixture<DetailsForm>(
    html`<bw-details-form
      dir=${localizer.dir}
      .localizer=${localizer}
      .rules=${{ phone: 'optional', notes: 'hidden', consentRequired: false }}
    ></bw-details-form>`,
  );
  await form.updateComplete;
  return form;
}

function lineForm(locale: Language): Promise<Element> {
  const queue = { id: 'q1', name: 'Walk-in cuts', company: { id: 'demo-salon' }, status: 'open' } as never;
  return mountQueue(locale, LANGUAGES[locale], { ...startQueue(), phase: QueuePhase.Join, queue });
}

const textFields = (form: Element) =>
  allElements(form)
    .filter(
      (element): element is HTMLInputElement => element instanceof HTMLInputElement && ['text', 'email', 'tel'].includes(element.type),
    )
    .map((input) => input.name);

for (const [name, mount] of [
  ['the details form', detailsForm],
  ['the walk-in line', lineForm],
] as const) {
  describe(`${name}: names and contact fields in every language`, () => {
    it('asks the given name first in English and the family name first in Japanese', async () => {
      expect(textFields(await mount('en-US')).slice(0, 2)).to.deep.equal(['firstName', 'lastName']);
      expect(textFields(await mount('ja')).slice(0, 2)).to.deep.equal(['lastName', 'firstName']);
    });

    it('keeps e-mail and phone left to right in Arabic, and names in the page’s direction', async () => {
      const form = await mount('ar');
      const direction = (field: string) => {
        const input = allElements(form).find((element) => element instanceof HTMLInputElement && element.name === field)!;
        return getComputedStyle(input).direction;
      };
      expect(direction('firstName')).to.equal('rtl');
      expect(direction('phone')).to.equal('ltr');
      if (name === 'the details form') expect(direction('email')).to.equal('ltr');
    });
  });
}
