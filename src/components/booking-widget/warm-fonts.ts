/**
 * Looks up the first screen's fonts while the widget waits for its first answer, if the browser is idle
 * then: the company's name, the time step's headings, days and times come in weights and sizes the
 * "Loading…" line does not use, and Chromium finds each face and size on its first layout (on Linux
 * through the browser process, a bold face read from disk): milliseconds of the task that paints the first
 * times (issue 28). A few words in those weights and sizes, laid out once in a box of their own, unseen and
 * unheard, then removed. Only when idle: on a slow phone the wait has no idle moment, and there this work,
 * done anyway as the first times are drawn, would only delay the answer's.
 */
const SIZES = ['0.8em', '0.9em', '0.95em', '1em', '1.15em', '1.35em'];
const WEIGHTS = ['400', '600', '700'];

/** `root`: the element whose font the widget's text inherits; `done`: the first times are already drawn. */
export function warmFonts(root: () => Element | null, text: string, done: () => boolean): void {
  if (typeof requestIdleCallback !== 'function') return;
  requestIdleCallback(() => {
    const font = root();
    if (done() || !font?.isConnected) return;
    const { fontFamily, fontSize } = getComputedStyle(font);
    const box = document.createElement('div');
    box.setAttribute('aria-hidden', 'true');
    // Laid out apart from the widget (`contain`), its text shaped so its fonts are looked up; neither painted nor heard.
    // At its place after the widget's root, one short line a size: never wider than the widget, even at 200 % text.
    Object.assign(box.style, { position: 'absolute', contain: 'strict', visibility: 'hidden', fontFamily, fontSize });
    for (const size of SIZES)
      for (const weight of WEIGHTS) {
        const line = box.appendChild(document.createElement('div'));
        Object.assign(line.style, { fontSize: size, fontWeight: weight });
        line.textContent = text;
      }
    font.after(box);
    // Its layout happens in the next frame; the box goes after it.
    requestAnimationFrame(() => setTimeout(() => box.remove()));
  });
}
