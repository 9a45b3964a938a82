/**
 * Hostile CSS: a theme with a global `*` rule, `button { all: unset }` and a huge
 * base font. The widget and the popup still work and look like themselves, and
 * none of their styles reach the page.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright';
import { openPage } from './support/browser.js';
import { useSite } from './support/harness.js';
import { DEMO, DIST, PAGES } from './support/paths.js';
import { assertBooked, bookAtSalon, visitorFor } from './support/visitor.js';

const world = useSite(() => ({ roots: [PAGES, DIST, DEMO] }));

/** The computed styles of the page's own elements, and the style sheets the document has. */
const pageStyles = (page: Page) =>
  page.evaluate(() => {
    const properties = [
      'font-family',
      'font-size',
      'color',
      'margin',
      'padding',
      'border',
      'line-height',
      'display',
      'cursor',
      'background-color',
      'box-sizing',
    ];
    const styles = [...document.querySelectorAll('html, body, h1, p, a, #theme-button, input')].map((element) => {
      const computed = getComputedStyle(element);
      return `${element.localName}: ${properties.map((name) => computed.getPropertyValue(name)).join(' | ')}`;
    });
    return {
      styles,
      sheets: document.styleSheets.length,
      adopted: document.adoptedStyleSheets.length,
      styleElements: document.querySelectorAll('style').length,
    };
  });

/** Computed styles inside the widget, where the theme must not reach. */
const widgetStyles = (page: Page, host: string) =>
  page.locator(host).evaluate((widget) => {
    const root = widget.shadowRoot!;
    const heading = root.querySelector('h3')!;
    const choice = root.querySelector('bw-choice-list')!.shadowRoot!.querySelector('button')!;
    const base = root.querySelector<HTMLElement>('[part~="base"]')!;
    // Inline callbacks only: a named function here would need a helper the test's transform adds.
    const [headingStyle, choiceStyle] = [heading, choice].map((element) => {
      const s = getComputedStyle(element);
      return {
        font: s.fontFamily,
        color: s.color,
        transform: s.textTransform,
        spacing: s.letterSpacing,
        style: s.fontStyle,
        cursor: s.cursor,
        border: s.borderTopStyle,
        shadow: s.textShadow,
      };
    });
    return { heading: headingStyle!, choice: choiceStyle!, overflows: base.scrollWidth > base.clientWidth + 1 };
  });

test('a hostile theme breaks neither the widget nor the popup, and nothing leaks out', async () => {
  const recorded = await openPage(world.browser, `${world.site.url}/hostile.html`, { width: 1280, height: 900 });
  const { page } = recorded;
  const before = await pageStyles(page);
  await page.addScriptTag({ type: 'module', url: '/booking-widget.js' });
  const widget = page.locator('body > booking-widget');
  await widget.getByRole('heading', { name: 'Choose a service' }).waitFor();

  const inside = await widgetStyles(page, 'body > booking-widget');
  for (const [part, style] of Object.entries({ heading: inside.heading, choice: inside.choice })) {
    assert.doesNotMatch(style.font, /Comic Sans/, `${part}: the theme's font`);
    assert.notEqual(style.color, 'rgb(255, 0, 255)', `${part}: the theme's colour`);
    assert.equal(style.transform, 'none', `${part}: text-transform`);
    assert.equal(style.spacing, 'normal', `${part}: letter-spacing`);
    assert.equal(style.style, 'normal', `${part}: italic`);
    assert.equal(style.shadow, 'none', `${part}: text-shadow`);
  }
  assert.equal(inside.choice.cursor, 'pointer', 'buttons keep their own styles despite button { all: unset }');
  assert.equal(inside.choice.border, 'solid');
  assert.equal(inside.overflows, false, 'nothing overflows the widget sideways');

  const button = await page.locator('booking-button').evaluate((host) => {
    const s = getComputedStyle(host.shadowRoot!.querySelector('button')!);
    return { background: s.backgroundColor, cursor: s.cursor, font: s.fontFamily };
  });
  assert.equal(button.background, 'rgb(29, 78, 216)', 'the popup button keeps its colours');
  assert.equal(button.cursor, 'pointer');
  assert.doesNotMatch(button.font, /Comic Sans/);

  const visitor = visitorFor('hostile-css');
  await assertBooked(world.services, visitor, await bookAtSalon(widget, visitor));

  await page.getByRole('button', { name: 'Book now' }).click();
  const popup = page.locator('booking-button booking-widget');
  await popup.getByRole('heading', { name: 'Choose a service' }).waitFor();
  assert.equal((await widgetStyles(page, 'booking-button booking-widget')).overflows, false);
  await page.keyboard.press('Escape');

  assert.deepEqual(await pageStyles(page), before, "the page's own styles are exactly as before");
  assert.deepEqual(recorded.errors, []);
  await recorded.assertCleanAndClose();
});

test("a page-wide `* { box-sizing: content-box }` does not push the widget's buttons out of its box", async () => {
  const recorded = await openPage(world.browser, `${world.site.url}/hostile.html`, { width: 1280, height: 900 });
  const { page } = recorded;
  await page.addStyleTag({ content: '* { box-sizing: content-box; }' });
  await page.addScriptTag({ type: 'module', url: '/booking-widget.js' });
  await page.locator('body > booking-widget').getByRole('heading', { name: 'Choose a service' }).waitFor();
  assert.equal((await widgetStyles(page, 'body > booking-widget')).overflows, false);
  await recorded.assertCleanAndClose();
});
