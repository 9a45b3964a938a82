/**
 * Loading the script is all a page needs: placeholders and popup triggers
 * already there are upgraded at once, and ones added later (a CMS editor, an
 * SPA route, a lazily loaded section) as they arrive.
 */
import { PLACEHOLDER_SELECTOR, upgradePlaceholder } from './placeholders.js';
import { POPUP_TRIGGER_SELECTOR, onTriggerClick, prepareTrigger } from './popup-triggers.js';
import { settingDataAttributes } from './widget-settings.js';

/** Set on `globalThis` by the first copy of the script, so a second copy stands back. */
const STARTED = Symbol.for('booking-widget.embed');

function* matching(root: Node, selector: string): Generator<Element> {
  if (root instanceof Element && root.matches(selector)) yield root;
  if ('querySelectorAll' in root) yield* (root as ParentNode).querySelectorAll(selector);
}

/** Upgrades what `root` holds: placeholders get their widget, triggers their `aria-haspopup`. */
export function upgradeEmbeds(root: Node): void {
  for (const placeholder of matching(root, PLACEHOLDER_SELECTOR)) upgradePlaceholder(placeholder);
  for (const trigger of matching(root, POPUP_TRIGGER_SELECTOR)) prepareTrigger(trigger);
}

/** Upgrades `doc` now and as it changes. Runs once per page, whichever copy of the script calls it first. */
export function startEmbedding(doc: Document = document): void {
  const page = globalThis as typeof globalThis & { [STARTED]?: boolean };
  if (page[STARTED]) return;
  page[STARTED] = true;
  doc.addEventListener('click', onTriggerClick);
  upgradeEmbeds(doc);
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') upgradeEmbeds(record.target);
      else for (const node of record.addedNodes) upgradeEmbeds(node);
    }
  }).observe(doc, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-booking-widget', 'data-booking-popup', ...settingDataAttributes()],
  });
}

if (typeof document !== 'undefined') startEmbedding();
