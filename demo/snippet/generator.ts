/** The snippet generator page: choices in, code and a live preview out, with copy buttons. */
import { createSchedulingClient } from '../../src/api/index.js';
import { SUPPORTED_LANGUAGES } from '../../src/i18n/languages.js';
import type { Catalog } from '../../src/booking/catalog.js';
import { offeredCatalog, offeredChoices } from './offered.js';
import { prefilledLink } from './link.js';
import { type SnippetChoices, SnippetKind, snippet } from './snippets.js';

const PROXY = '/booking-api';
const form = document.querySelector<HTMLFormElement>('#choices')!;
const api = createSchedulingClient({ apiBase: PROXY });
const select = (name: string) => form.elements.namedItem(name) as HTMLSelectElement;
const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;

const option = (value: string, text: string) => Object.assign(document.createElement('option'), { value, textContent: text });

/** Fills a select with the company's choices, keeping its first "the visitor chooses" option; hides it when empty. */
function fill(name: string, choices: { id: string; name: string }[]) {
  const list = select(name);
  list.replaceChildren(list.options[0]!, ...choices.map((choice) => option(choice.id, choice.name)));
  list.closest('label')!.hidden = choices.length === 0;
}

let catalog: Catalog | undefined;

/** The company's choices, as the widget offers them; a choice that no longer goes with another is dropped. */
function fillChoices() {
  if (!catalog) return;
  for (let changed = true; changed;) {
    const offered = offeredChoices(catalog, { serviceId: select('serviceId').value, staffId: select('staffId').value });
    changed = false;
    for (const [name, list] of [
      ['serviceId', offered.services],
      ['staffId', offered.staff],
      ['resourceId', offered.resources],
    ] as const) {
      const value = select(name).value;
      fill(name, list);
      if (value && list.some((choice) => choice.id === value)) select(name).value = value;
      else if (value) changed = true;
    }
  }
}

async function loadCompany(companyId: string) {
  catalog = undefined;
  const loaded = await offeredCatalog(api, companyId);
  if (select('companyId').value !== companyId) return;
  catalog = loaded;
  fillChoices();
}

function choices(): SnippetChoices {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
  return {
    companyId: text('companyId')!,
    apiBase: text('apiBase') ?? `${location.origin}${PROXY}`,
    scriptUrl: text('scriptUrl') ?? '',
    serviceId: text('serviceId'),
    staffId: text('staffId'),
    resourceId: text('resourceId'),
    locale: text('locale'),
    displayTimeZone: text('displayTimeZone'),
    theme: text('theme'),
    buttonText: text('buttonText'),
    fallbackUrl: text('fallbackUrl'),
  };
}

function render() {
  const kind = (new FormData(form).get('kind') ?? SnippetKind.Cms) as SnippetKind;
  const code = snippet(kind, choices());
  document.querySelector('#head')!.textContent = code.head;
  document.querySelector('#body')!.textContent = code.body;
  field('buttonText').closest('label')!.hidden = kind !== SnippetKind.PopupButton && kind !== SnippetKind.PopupLink;
  field('fallbackUrl').closest('label')!.hidden = kind !== SnippetKind.Cms && kind !== SnippetKind.PopupLink;
  // The preview runs the same markup against this demo's proxy (npm and React show the equivalent element).
  const markupKind = kind === SnippetKind.Npm || kind === SnippetKind.React ? SnippetKind.ScriptTag : kind;
  const template = document.createElement('template');
  template.innerHTML = snippet(markupKind, { ...choices(), apiBase: PROXY }).body;
  document.querySelector('#preview')!.replaceChildren(template.content);
  renderLink();
}

/** The prefilled link, from the same choices and the link's own fields. */
function renderLink() {
  const link = new FormData(document.querySelector<HTMLFormElement>('#link-form')!);
  const text = (name: string) => String(link.get(name) ?? '').trim() || undefined;
  const { serviceId, staffId, resourceId } = choices();
  document.querySelector('#link')!.textContent = prefilledLink({
    page: text('linkPage') ?? '',
    serviceId,
    staffId,
    resourceId,
    date: text('linkDate'),
    utmSource: text('utmSource'),
    utmMedium: text('utmMedium'),
    utmCampaign: text('utmCampaign'),
  });
}

async function copy(button: HTMLButtonElement) {
  const code = document.querySelector(`#${button.dataset.copy}`)!;
  const status = document.querySelector('#copied')!;
  try {
    await navigator.clipboard.writeText(code.textContent ?? '');
    status.textContent = 'Copied to the clipboard.';
  } catch {
    getSelection()?.selectAllChildren(code);
    status.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
  }
}

field('apiBase').placeholder = `${location.origin}${PROXY}`;
select('locale').append(
  ...SUPPORTED_LANGUAGES.map((language) =>
    option(language, new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language),
  ),
);
form.addEventListener('input', (event) => {
  // A service narrows the staff and a staff member the services, before the preview is drawn.
  if (['serviceId', 'staffId'].includes((event.target as Element).getAttribute('name') ?? '')) fillChoices();
  render();
});
document.querySelector('#link-choices')!.addEventListener('input', renderLink);
form.addEventListener('change', (event) => {
  if ((event.target as Element).getAttribute('name') !== 'companyId') return;
  for (const name of ['serviceId', 'staffId', 'resourceId']) select(name).value = '';
  void loadCompany(select('companyId').value).then(render);
});
document.addEventListener('click', (event) => {
  const button = (event.target as Element).closest<HTMLButtonElement>('button[data-copy]');
  if (button) void copy(button);
});
void loadCompany(select('companyId').value).then(render);
render();
