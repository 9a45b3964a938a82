/**
 * Registers an element unless the name is taken: a page that loads the widget
 * twice (two script tags, or a bundle plus the CDN file) must not throw.
 */
export function defineElement(name: string, constructor: CustomElementConstructor): void {
  if (!customElements.get(name)) customElements.define(name, constructor);
}
