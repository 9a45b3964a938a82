/**
 * The script-tag bundle (`dist/booking-widget.js`): `<booking-widget>` at once, and
 * the ways to embed it (`<booking-button>`, CMS placeholders, popup links) as a chunk
 * fetched only when the page holds one of them, now or later (embed/when-needed.ts).
 */
export * from './widget.js';
import './embed/when-needed.js';
