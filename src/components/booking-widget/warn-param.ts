/** `prefill-from-url`: a parameter of the page's link that this widget cannot use (catalog-controller.ts, url-prefill.ts). */
export const warnParam = (name: string, value: string) =>
  console.warn(`<booking-widget>: ${name} "${value}" is not offered here; it is ignored.`);
