/**
 * Queries by the accessibility contract (role and accessible name) across the
 * widget's nested shadow roots, the way a screen-reader user finds things.
 */

/** Every element under `root`, shadow roots included, in document order. */
export function allElements(root: Node): Element[] {
  const found: Element[] = [];
  const visit = (node: Node) => {
    for (const child of Array.from((node as ParentNode).children ?? [])) {
      found.push(child);
      if (child.shadowRoot) visit(child.shadowRoot);
      visit(child);
    }
  };
  if ((root as Element).shadowRoot) visit((root as Element).shadowRoot!);
  visit(root);
  return found;
}

const IMPLICIT_ROLES: Record<string, string> = {
  BUTTON: 'button',
  A: 'link',
  H1: 'heading',
  H2: 'heading',
  H3: 'heading',
  H4: 'heading',
  H5: 'heading',
  H6: 'heading',
  TABLE: 'table',
  TEXTAREA: 'textbox',
  NAV: 'navigation',
  FORM: 'form',
  LI: 'listitem',
  UL: 'list',
  OL: 'list',
  FIELDSET: 'group',
  SELECT: 'combobox',
};

/** Input types whose role is not a textbox. */
const INPUT_ROLES: Record<string, string> = { checkbox: 'checkbox', radio: 'radio', number: 'spinbutton' };

export function roleOf(element: Element): string | undefined {
  const explicit = element.getAttribute('role');
  if (explicit) return explicit;
  if (element.tagName === 'INPUT') {
    return INPUT_ROLES[(element as HTMLInputElement).type] ?? 'textbox';
  }
  return IMPLICIT_ROLES[element.tagName];
}

const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** A simplified accessible name: aria-label, aria-labelledby, a <label>, or the text. */
export function nameOf(element: Element): string {
  const label = element.getAttribute('aria-label');
  if (label) return label.trim();
  const root = element.getRootNode() as Document | ShadowRoot;
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy)
    return labelledBy
      .split(/\s+/)
      .map((id) => text(root.getElementById(id)))
      .join(' ');
  // A group of fields is named by its legend.
  if (element.tagName === 'FIELDSET') return text(element.querySelector(':scope > legend'));
  // Only form controls take their name from a <label>; a link inside one keeps its own text.
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName)) {
    const forLabel = element.id ? root.querySelector?.(`label[for="${element.id}"]`) : null;
    if (forLabel) return text(forLabel);
    const wrapping = element.closest('label');
    if (wrapping) return text(wrapping);
  }
  return text(element);
}

export function descriptionOf(element: Element): string {
  const root = element.getRootNode() as Document | ShadowRoot;
  const ids = element.getAttribute('aria-describedby');
  return ids
    ? ids
        .split(/\s+/)
        .map((id) => text(root.getElementById(id)))
        .join(' ')
        .trim()
    : '';
}

/** Inside an element with `hidden`, through shadow roots too: neither shown nor in the accessibility tree. */
/** The element itself or its nearest ancestor that matches `selector`, across shadow roots. */
export function closestAcross(element: Element, selector: string): Element | null {
  for (let node: Element | null = element; node; node = node.parentElement ?? (node.getRootNode() as Partial<ShadowRoot>).host ?? null)
    if (node.matches(selector)) return node;
  return null;
}

export function isHidden(element: Element): boolean {
  return !!closestAcross(element, '[hidden]');
}

export function queryAllByRole(root: Node, role: string, name?: string | RegExp): HTMLElement[] {
  return allElements(root).filter((element): element is HTMLElement => {
    if (roleOf(element) !== role || isHidden(element)) return false;
    if (name === undefined) return true;
    const accessible = nameOf(element);
    return typeof name === 'string' ? accessible === name : name.test(accessible);
  });
}

export function getByRole(root: Node, role: string, name?: string | RegExp): HTMLElement {
  const found = queryAllByRole(root, role, name);
  if (found.length !== 1) {
    const names = queryAllByRole(root, role).map(nameOf).join(' | ');
    throw new Error(`Expected one ${role} named ${String(name)}, found ${found.length}. ${role}s: ${names}`);
  }
  return found[0]!;
}

/**
 * How long a wait may last before the test gives up and names what it waited for. Not a
 * budget: on a busy machine waits are only slower, and every wait is for a condition.
 */
const HANG_GUARD_MS = 30_000;

/**
 * Polls until `check` returns a truthy value (or stops throwing), then returns it. `what`
 * names the condition in the failure message; a function is read at failure time, so it can
 * say what was there instead.
 */
export async function waitFor<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string | (() => string) = 'condition',
): Promise<T> {
  const deadline = performance.now() + HANG_GUARD_MS;
  let lastError: unknown;
  for (;;) {
    try {
      // An async check is awaited: its promise alone would pass at once.
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (performance.now() > deadline) {
      const named = typeof what === 'function' ? what() : what;
      throw new Error(`Timed out waiting for ${named}${lastError ? `: ${(lastError as Error).message}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const findByRole = (root: Node, role: string, name?: string | RegExp) =>
  waitFor(
    () => getByRole(root, role, name),
    () => `${role} ${String(name ?? '')}${saying(root)}`,
  );

/** What the page says to the visitor at a failure (its alerts, its busy buttons, its text), so the message shows why a step did not come. */
function saying(root: Node): string {
  const alerts = queryAllByRole(root, 'alert')
    .map((alert) => alert.textContent!.trim())
    .filter(Boolean);
  const busy = queryAllByRole(root, 'button').filter((button) => button.matches('[aria-busy="true"], [aria-disabled="true"], :disabled'));
  const text = deepText(root).replace(/\s+/g, ' ').trim();
  return [
    alerts.length ? ` Alerts: ${alerts.join(' | ')}.` : '',
    busy.length ? ` Busy or disabled: ${busy.map(nameOf).join(' | ')}.` : '',
    ` It says: ${text.length > 600 ? `${text.slice(0, 600)}…` : text}`,
  ].join('');
}

/** The element that has focus, looking through shadow roots. */
export function deepActiveElement(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Types into a field as a visitor would: value, then an input event. */
export function type(field: HTMLElement, value: string): void {
  const input = field as HTMLInputElement;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

/** The text a visitor can read in `root`, shadow roots included, whitespace collapsed. */
export function deepText(root: Node): string {
  const parts: string[] = [];
  const visit = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) parts.push(child.textContent ?? '');
      else if (child instanceof Element) {
        if (child.closest('[hidden]')) continue;
        if (child.shadowRoot) visit(child.shadowRoot);
        visit(child);
      }
    }
  };
  visit((root as Element).shadowRoot ?? root);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** How far anything inside `root` sticks out of its box, sideways, in CSS px: what would scroll. */
export function sticksOut(root: Element): number {
  const box = root.getBoundingClientRect();
  return Math.max(
    0,
    ...allElements(root).map((element) => {
      const rect = element.getBoundingClientRect();
      return rect.width ? Math.max(box.left - rect.left, rect.right - box.right) : 0;
    }),
  );
}

/** A CSS colour (a keyword, a system colour, any syntax) as computed styles give it in the page right now. */
export function resolvedColour(colour: string): string {
  const probe = document.createElement('span');
  // A background, as forced colours keep a system colour there (the probe's own text colour they would replace).
  probe.style.backgroundColor = colour;
  document.body.append(probe);
  const resolved = getComputedStyle(probe).backgroundColor;
  probe.remove();
  return resolved;
}
