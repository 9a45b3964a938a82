/** Intake questions in the booking core (service contract §11, issue #14): which form, its pages, checks and the answers sent. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnswerProblem, answerProblem, isTyped } from 'booking-widget-shared/answer-rules';
import type { Form } from 'booking-widget-shared/form-types';
import { bookingRequest } from '../../src/booking/booking-request.js';
import { type FlowAction, type FlowState, reduceFlow, startFlow } from '../../src/booking/flow.js';
import { formAnswers, formOf, pagesOf } from '../../src/booking/intake.js';
import { validateAnswers } from '../../src/booking/answer-checks.js';
import { EMPTY_DETAILS } from '../../src/booking/visitor-details.js';
import { en } from '../../src/i18n/catalogs/en.js';
import { intakeEn } from '../../src/i18n/catalogs/intake-en.js';
import { catalogOf } from './booking-support.js';

const run = (state: FlowState, ...actions: FlowAction[]) => actions.reduce(reduceFlow, state);

const item = (id: string, type: string, more: object = {}) => ({ id, type, title: id.toUpperCase(), ...more });
const FORMS: Form[] = [
  { id: 'everywhere', name: 'All', additionalFields: [[item('a', 'text')]], objects: [{ type: 'allLocations' }] },
  { id: 'here', name: 'Location', additionalFields: [[item('b', 'text')]], objects: [{ id: '1', type: 'location' }] },
  {
    id: 'cut',
    name: 'Cut',
    additionalFields: [
      [
        item('head', 'title'),
        item('hair', 'select', { mandatory: true, values: [{ id: 's', name: 'Short', value: 'short' }] }),
        item('x', 'hologram'),
      ],
      [item('ok', 'consent', { mandatory: true }), item('hidden', 'text', { visible: false })],
    ],
    objects: [{ id: 's1', type: 'service' }],
  },
];

describe('booking core: intake questions', () => {
  it('takes the service’s form, else the location’s, else the account-wide one', () => {
    const catalog = catalogOf('service-staff');
    assert.equal(formOf(catalog, { quantity: 1, serviceId: 's1' }, FORMS)?.id, 'cut');
    assert.equal(formOf(catalog, { quantity: 1, serviceId: 's2' }, FORMS)?.id, 'here');
    assert.equal(
      formOf({ ...catalog, company: { ...catalog.company, id: '2' } }, { quantity: 1, serviceId: 's2' }, FORMS)?.id,
      'everywhere',
    );
    assert.equal(formOf(catalog, { quantity: 1, serviceId: 's2' }, []), undefined);
  });

  it('shows visible items of known types, page by page, and warns once about an unknown type', () => {
    const warnings: string[] = [];
    const pages = pagesOf(FORMS[2], (warning) => warnings.push(warning));
    assert.deepEqual(
      pages.map((page) => page.map((shown) => shown.id)),
      [['head', 'hair'], ['ok']],
    );
    pagesOf(FORMS[2], (warning) => warnings.push(warning));
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /"x".*hologram/);
  });

  it('checks mandatory answers, asking for what each needs, and sends every question shown', () => {
    const pages = pagesOf(FORMS[2], () => {});
    // A choice asks for an answer, a consent for its tick.
    assert.deepEqual(validateAnswers(pages, {}, en), { hair: intakeEn.chooseAnswer, ok: intakeEn.tickBox });
    assert.deepEqual(validateAnswers(pages, { hair: 'long', ok: 'true' }, en), { hair: en.checkField });
    assert.deepEqual(validateAnswers(pages, { hair: 'short', ok: 'true' }, en), {});
    assert.deepEqual(formAnswers(pages, { hair: 'short', ok: 'true', gone: 'x' }), [
      { id: 'hair', title: 'HAIR', value: 'short' },
      { id: 'ok', title: 'OK', value: 'true' },
    ]);
  });

  it('keeps answers in the flow through a taken slot and a failure, forgets them on restart, and books with them', () => {
    let state = run(
      startFlow(catalogOf('service-staff'), {}),
      { type: 'choose-service', serviceId: 's1' },
      { type: 'choose-staff', staff: { kind: 'anyone' } },
      { type: 'time', day: '2026-03-09', slot: Date.parse('2026-03-09T14:00:00Z') },
      { type: 'next' },
      { type: 'forms', forms: FORMS },
      { type: 'answer', id: 'hair', value: 'short' },
      { type: 'answer', id: 'ok', value: 'true' },
      { type: 'slot-taken' },
    );
    assert.deepEqual(state.answers, { hair: 'short', ok: 'true' });
    state = run(state, { type: 'time', day: '2026-03-09', slot: Date.parse('2026-03-09T15:00:00Z') });
    const request = bookingRequest('1', state.catalog, state.selection, EMPTY_DETAILS, 'en', 'UTC', state)!;
    assert.deepEqual(request.form, [
      { id: 'hair', title: 'HAIR', value: 'short' },
      { id: 'ok', title: 'OK', value: 'true' },
    ]);
    assert.equal(run(state, { type: 'restart' }).answers, undefined);
  });

  it('a length rule counts for the typed answers, and only those: what the widget says under a question is what is checked', () => {
    const values = [{ id: 'v', name: 'A', value: 'A' }];
    // Each item with a fine answer that is shorter than its rule.
    const cases = [
      [item('text', 'text'), 'ab'],
      [item('notes', 'textarea'), 'ab'],
      [item('mail', 'email'), 'a@b.co'],
      [item('tel', 'phone'), '123'],
      [item('age', 'number'), '12'],
      [item('born', 'date'), '2026-03-04'],
      [item('size', 'select', { values }), 'A'],
      [item('side', 'radio', { values }), 'A'],
      [item('diet', 'checkbox', { values }), 'A'],
      [item('news', 'checkbox'), 'true'],
      [item('terms', 'consent'), 'true'],
    ] as const;
    const typed = cases.filter(([question, answer]) => {
      const ruled = { ...question, valueFormat: { minLength: 50 } };
      assert.equal(answerProblem(ruled, answer) === AnswerProblem.TooShort, isTyped(ruled), question.id);
      return isTyped(ruled);
    });
    assert.deepEqual(
      typed.map(([question]) => question.type),
      ['text', 'textarea', 'email', 'phone', 'number'],
    );
  });
});
