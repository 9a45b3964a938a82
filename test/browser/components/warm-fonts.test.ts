import { expect } from '@open-wc/testing';
import { warmFonts } from '../../../src/components/booking-widget/warm-fonts.js';

/** A shadow root with the widget's `.root`, as the host renders it while "Loading…" shows: a phone's width, 200 % text. */
function widgetLike() {
  const host = document.body.appendChild(document.createElement('div'));
  host.style.width = '320px';
  const shadow = host.attachShadow({ mode: 'open' });
  const root = shadow.appendChild(document.createElement('div'));
  root.className = 'root';
  root.style.fontFamily = 'serif';
  root.style.fontSize = '32px';
  root.textContent = 'Loading…';
  return { host, shadow, root };
}

const warmBoxes = (shadow: ShadowRoot) => [...shadow.children].filter((element) => !element.classList.contains('root'));

/** Resolves with what the shadow root's children are after each change, until `until` holds. */
function watch(shadow: ShadowRoot, until: (boxes: Element[]) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!until(warmBoxes(shadow))) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(shadow, { childList: true });
  });
}

describe('warmFonts', () => {
  it('lays the first screen’s weights and sizes out once, unseen and unheard, in the widget’s font, then leaves nothing behind', async () => {
    const { host, shadow, root } = widgetLike();
    // The box lives for one frame: read as it is added.
    let seen: { hidden: string | null; style: CSSStyleDeclaration; weights: string[]; width: number; outside: number } | undefined;
    const added = watch(shadow, ([box]) => {
      if (!box) return false;
      const style = getComputedStyle(box);
      const weights = [...new Set([...box.children].map((line) => getComputedStyle(line).fontWeight))].sort();
      const { left, right } = host.getBoundingClientRect();
      const outside = [...box.children].filter((line) => {
        const rect = line.getBoundingClientRect();
        return rect.left < left - 0.5 || rect.right > right + 0.5;
      }).length;
      seen = { hidden: box.getAttribute('aria-hidden'), style, weights, width: box.getBoundingClientRect().width, outside };
      return true;
    });
    const removed = added.then(() => watch(shadow, (boxes) => boxes.length === 0));
    warmFonts(
      () => root,
      'Choose a time 9:00',
      () => false,
    );
    await added;
    expect(seen!.hidden).to.equal('true');
    expect(seen!.style.visibility).to.equal('hidden');
    expect(seen!.style.fontFamily).to.equal('serif');
    expect(seen!.style.fontSize).to.equal('32px');
    expect(seen!.weights).to.deep.equal(['400', '600', '700']);
    // Nothing of it moves what the visitor sees, nor reaches past the widget's sides at 200 % text on a phone.
    expect(seen!.width).to.equal(0);
    expect(seen!.outside, 'lines past the widget’s sides').to.equal(0);
    await removed;
    expect(root.textContent).to.equal('Loading…');
    host.remove();
  });

  it('does nothing once the first times are drawn', async () => {
    const { host, shadow, root } = widgetLike();
    warmFonts(
      () => root,
      'Choose a time',
      () => true,
    );
    await new Promise((resolve) => requestIdleCallback(() => requestAnimationFrame(resolve)));
    expect(warmBoxes(shadow)).to.have.length(0);
    host.remove();
  });
});
