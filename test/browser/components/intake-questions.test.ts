import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/components/intake-questions/intake-questions.js';
import type { AnswerEvent } from '../../../src/components/events/answer-event.js';
import type { IntakeQuestions } from '../../../src/components/intake-questions/intake-questions.js';
import { pagesOf } from '../../../src/booking/intake.js';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { type Messages, en } from '../../../src/i18n/catalogs/en.js';
import { createLocalizer } from '../../../src/i18n/localizer.js';
import { deepActiveElement, deepText, descriptionOf, getByRole, nameOf, queryAllByRole, type } from '../support/dom.js';
import { EVERY_ITEM_FORM } from '../support/every-item-form.js';

async function mountQuestions(locale = 'en-US', messages: Messages = en, dark = false) {
  const warnings: string[] = [];
  // A fresh id: the widget warns once per form and item, however often it renders.
  const pages = pagesOf({ ...EVERY_ITEM_FORM, id: crypto.randomUUID() }, (warning) => warnings.push(warning));
  const changes: { id: string; value: string }[] = [];
  const wrapper = await fixture<HTMLDivElement>(
    html`<div
      dir=${messages.dir}
      lang=${locale}
      style=${dark ? 'background:#111;color:#eee;--_text:#eee;--_surface:#222;--_text-muted:#bbb;--_danger:#ff8a80' : ''}
    >
      <bw-intake-questions
        .localizer=${createLocalizer(locale, messages)}
        .pages=${pages}
        @bw-answer=${({ id, value, target }: AnswerEvent) => {
          changes.push({ id, value });
          // The parent's part: hand the answers back.
          const questions = target as IntakeQuestions;
          questions.value = { ...questions.value, [id]: value };
        }}
      ></bw-intake-questions>
    </div>`,
  );
  const questions = wrapper.querySelector('bw-intake-questions') as IntakeQuestions;
  await questions.updateComplete;
  return { questions, warnings, changes };
}

describe('bw-intake-questions', () => {
  for (const [locale, messages] of [
    ['en-US', en],
    ['ar', ar],
  ] as const) {
    for (const dark of [false, true]) {
      it(`is accessible with every item type (${locale}, ${dark ? 'dark' : 'light'}), errors shown too`, async () => {
        const { questions } = await mountQuestions(locale, messages, dark);
        await expect(questions).to.be.accessible();
        questions.report(false);
        await questions.updateComplete;
        await expect(questions).to.be.accessible();
      });
    }
  }

  it('renders every known type as a native labelled control, company text as text, and skips the unknown with a warning', async () => {
    const { questions, warnings } = await mountQuestions();
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('hologram');
    expect(deepText(questions)).not.to.contain('A type from the future');
    expect(deepText(questions)).not.to.contain('Hidden question');
    // Plain text: the markup shows as typed, nothing is parsed.
    expect(queryAllByRole(questions, 'heading').map(nameOf)).to.deep.equal(['About <b>you</b>']);
    expect(questions.shadowRoot!.querySelector('b, i, img')).to.equal(null);
    const name = getByRole(questions, 'textbox', /^Nickname <img/) as HTMLInputElement;
    expect(descriptionOf(name)).to.equal('Shown <i>on</i> your badge.');
    expect(name.placeholder).to.equal('Ada');
    expect(name.required).to.equal(true);
    expect(getByRole(questions, 'textbox', /^Your story/).tagName).to.equal('TEXTAREA');
    expect((getByRole(questions, 'textbox', /^Work e-mail/) as HTMLInputElement).type).to.equal('email');
    expect((getByRole(questions, 'textbox', /^Mobile/) as HTMLInputElement).type).to.equal('tel');
    expect((getByRole(questions, 'textbox', /^Age/) as HTMLInputElement).inputMode).to.equal('decimal');
    expect((getByRole(questions, 'textbox', /^Birthday/) as HTMLInputElement).type).to.equal('date');
    expect(getByRole(questions, 'combobox', /^Shirt size/).tagName).to.equal('SELECT');
    expect(getByRole(questions, 'radiogroup', /^Side/).tagName).to.equal('FIELDSET');
    expect(queryAllByRole(questions, 'radio').map(nameOf)).to.deep.equal(['Left', 'Right']);
    expect(queryAllByRole(questions, 'checkbox').map(nameOf)).to.deep.equal([
      'Vegetarian',
      'Gluten-free',
      'Send me news (optional)',
      'I accept the terms',
    ]);
    expect(queryAllByRole(questions, 'group').map(nameOf).slice(0, 2)).to.deep.equal(['Questions, part 1 of 2', 'Questions, part 2 of 2']);
  });

  it('answers by keyboard alone: Tab through, arrows in the radio group, Space on checkboxes', async () => {
    const { questions, changes } = await mountQuestions();
    const name = getByRole(questions, 'textbox', /^Nickname/) as HTMLInputElement;
    name.focus();
    await sendKeys({ type: 'Ada' });
    await questions.updateComplete;
    await sendKeys({ press: 'Tab' });
    expect(nameOf(deepActiveElement()!)).to.match(/^Your story/);
    const left = getByRole(questions, 'radio', 'Left') as HTMLInputElement;
    left.focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(nameOf(deepActiveElement()!)).to.equal('Right');
    await sendKeys({ press: 'Tab' });
    expect(nameOf(deepActiveElement()!)).to.equal('Vegetarian');
    await sendKeys({ press: 'Space' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Space' });
    await questions.updateComplete;
    expect(changes.at(-1)).to.deep.equal({ id: 'diet', value: 'veg, gf' });
    expect(changes.find((change) => change.id === 'side')).to.deep.equal({ id: 'side', value: 'R' });
    expect(changes.filter((change) => change.id === 'name').at(-1)).to.deep.equal({ id: 'name', value: 'Ada' });
  });

  it('checks mandatory and format, focusing the first to correct, and keeps what was typed', async () => {
    const { questions } = await mountQuestions();
    const age = getByRole(questions, 'textbox', /^Age/) as HTMLInputElement;
    type(age, 'old');
    questions.value = { age: 'old' };
    expect(questions.report(true)).to.equal(4); // nickname, age, side, terms
    await questions.updateComplete;
    await new Promise((resolve) => setTimeout(resolve));
    expect(nameOf(deepActiveElement()!)).to.match(/^Nickname/);
    expect(descriptionOf(age)).to.contain('Please check this field.');
    expect(age.value).to.equal('old');
    // A choice left unmade asks for an answer, an unticked consent for the tick: not for a field to fill in.
    expect(descriptionOf(getByRole(questions, 'radiogroup', /^Side/))).to.contain('Please choose an answer.');
    expect(descriptionOf(getByRole(questions, 'checkbox', /^I accept the terms/))).to.contain('Please tick this box.');
    expect(descriptionOf(getByRole(questions, 'textbox', /^Nickname/))).to.contain('Please fill in this field.');
  });

  it('says an answer’s length rules before Book, after the company’s help, in the visitor’s language', async () => {
    const pages = [
      [
        { id: 'why', type: 'textarea', title: 'What brings you in?', help: 'A sentence or two is enough.', valueFormat: { minLength: 10 } },
        { id: 'code', type: 'text', title: 'Member code', valueFormat: { minLength: 4, maxLength: 8 } },
        { id: 'note', type: 'text', title: 'Anything else', valueFormat: { minLength: 1 } },
        { id: 'side', type: 'select', title: 'Side', values: [{ id: 'l', name: 'Left', value: 'L' }], valueFormat: { minLength: 3 } },
      ],
    ];
    const questions = await fixture<IntakeQuestions>(
      html`<bw-intake-questions .localizer=${createLocalizer('en-US', en)} .pages=${pages}></bw-intake-questions>`,
    );
    expect(descriptionOf(getByRole(questions, 'textbox', /^What brings you in/))).to.equal(
      'A sentence or two is enough. Please use at least 10 characters.',
    );
    expect(descriptionOf(getByRole(questions, 'textbox', /^Member code/))).to.equal(
      'Please use at least 4 characters. Please use at most 8 characters.',
    );
    // One character is what any answer has; a choice has no length to type.
    expect(descriptionOf(getByRole(questions, 'textbox', /^Anything else/))).to.equal('');
    expect(descriptionOf(getByRole(questions, 'combobox', /^Side/))).to.equal('');
    // Too short: the error says the rule, the help the rest, so the description says each once.
    questions.errors = { code: 'Please use at least 4 characters.' };
    await questions.updateComplete;
    expect(descriptionOf(getByRole(questions, 'textbox', /^Member code/))).to.equal(
      'Please use at most 8 characters. Please use at least 4 characters.',
    );
    questions.errors = {};
    questions.localizer = createLocalizer('ar', ar);
    await questions.updateComplete;
    expect(descriptionOf(getByRole(questions, 'textbox', /^Member code/))).to.equal(`${ar.intake!.tooShort(4)} ${ar.tooLong(8)}`);
  });

  it('shows the focus ring on a question to correct, not the red outline the others keep', async () => {
    const { questions } = await mountQuestions();
    questions.style.cssText = '--_focus-width: 3px; --_focus-color: rgb(17, 24, 39); --_danger: rgb(185, 28, 28)';
    questions.report(true);
    await questions.updateComplete;
    await new Promise((resolve) => setTimeout(resolve));
    const focused = deepActiveElement()!;
    expect(nameOf(focused)).to.match(/^Nickname/);
    const outline = (element: Element) => {
      const style = getComputedStyle(element);
      return `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
    };
    expect(outline(focused)).to.equal('3px solid rgb(17, 24, 39)');
    expect(outline(getByRole(questions, 'checkbox', /^I accept the terms/))).to.equal('2px solid rgb(185, 28, 28)');
  });
});
