/**
 * The npm entry: `<booking-widget>` and every way to embed it — `<booking-button>`,
 * the popup dialog, CMS placeholders and popup links. Importing this module defines
 * the elements (a second copy on the same page is ignored, not an error).
 */
export * from './widget.js';
export * from './embed/index.js';
