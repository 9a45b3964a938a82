/** What a screen reader would call `element`, near enough to name the dialog it opens. */
export function accessibleText(element: Element): string {
  const label = element.getAttribute('aria-label')?.trim();
  if (label) return label;
  const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text || (element.getAttribute('title') ?? '').trim();
}
