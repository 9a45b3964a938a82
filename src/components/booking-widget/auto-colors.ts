/**
 * Colours derived from whatever accent is in force (the page's --bw-accent, the
 * company's setting, or the default): readable text on the accent, and a link
 * colour that falls back to the text colour when the accent would not read on
 * the background (and, until that is known, the text colour: a link never shows in
 * a colour that does not read, busy machine or not). Written as private custom properties on the widget's root
 * through the CSSOM, which a strict Content-Security-Policy allows. It comes with the
 * steps' chunk (step-views.ts), which every widget fetches as it connects: what a
 * screen shows before it (the "Loading…" line) uses no accent.
 */
import { contrastRatio, readableTextOn, resolveColor } from './contrast.js';

export class AutoColors {
  /** The inputs last applied, so unchanged colours cost nothing. */
  private _key = '';

  apply(root: HTMLElement): void {
    const style = getComputedStyle(root);
    const [accentValue, backgroundValue, textValue] = ['--_accent', '--_background', '--_text'].map((name) =>
      style.getPropertyValue(name).trim(),
    );
    const key = `${accentValue}|${backgroundValue}|${textValue}`;
    if (key === this._key) return;
    this._key = key;
    const accent = resolveColor(root, accentValue!);
    const background = resolveColor(root, backgroundValue!);
    const text = resolveColor(root, textValue!);
    if (!accent || !background) return;
    root.style.setProperty('--_auto-accent-text', readableTextOn(accent));
    // Links are in the text's colour (underlined) until this says the accent reads on the background.
    root.style.setProperty('--_auto-link', text && contrastRatio(accent, background) < 4.5 ? `rgb(${text.join(' ')})` : 'var(--_accent)');
  }
}
