/**
 * WCAG contrast for colours the widget does not choose itself (the company's
 * accent): which text colour is readable on it, and whether it is readable as
 * text on the background. Colours are resolved by the browser, so any CSS colour
 * syntax the browser understands works.
 */

export type Rgb = [number, number, number];

/** Reads `rgb()`/`rgba()` and `color(srgb …)`, the forms computed colours come in. */
export function parseComputedColor(value: string): Rgb | undefined {
  const rgb = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/.exec(value);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  const srgb = /^color\(srgb\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(value);
  if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255];
  return undefined;
}

function relativeLuminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** White or black, whichever reads better on `background` (one always reaches 4.5:1). */
export function readableTextOn(background: Rgb): '#ffffff' | '#000000' {
  return contrastRatio(WHITE, background) >= contrastRatio(BLACK, background) ? '#ffffff' : '#000000';
}

/** `#rgb`, `#rrggbb` (with or without alpha, which is left out as for computed colours). */
function parseHex(value: string): Rgb | undefined {
  let hex = /^#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i.exec(value)?.[1];
  if (!hex) return undefined;
  if (hex.length < 6) hex = hex.replace(/./g, '$&$&');
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;
}

/**
 * Resolves any CSS colour to RGB in the context of `within`: hex and `rgb()` at once, any
 * other syntax through a short-lived probe (which costs the browser a style computation).
 */
export function resolveColor(within: Element, color: string): Rgb | undefined {
  const known = parseHex(color) ?? parseComputedColor(color);
  if (known) return known;
  const probe = document.createElement('span');
  probe.style.color = color;
  probe.hidden = true;
  within.append(probe);
  const resolved = parseComputedColor(getComputedStyle(probe).color);
  probe.remove();
  return resolved;
}
