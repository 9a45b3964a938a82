/**
 * The copy-paste code for each way to embed the widget, from one set of
 * choices. The snippet generator page shows it; the end-to-end tests paste it
 * into pages, so what merchants copy is what is tested.
 */

export interface SnippetChoices {
  companyId: string;
  /** The merchant's booking proxy. */
  apiBase: string;
  /** Where dist/booking-widget.js is served (a CDN, or the merchant's own server). */
  scriptUrl: string;
  serviceId?: string;
  staffId?: string;
  resourceId?: string;
  locale?: string;
  displayTimeZone?: string;
  theme?: string;
  /** The popup button's text. */
  buttonText?: string;
  /** Where a popup link, or a CMS placeholder's link, leads without JavaScript (a hosted booking page). Default `/book`. */
  fallbackUrl?: string;
}

export const SnippetKind = {
  ScriptTag: 'script-tag',
  Cms: 'cms',
  PopupButton: 'popup-button',
  PopupLink: 'popup-link',
  Npm: 'npm',
  React: 'react',
} as const;
export type SnippetKind = (typeof SnippetKind)[keyof typeof SnippetKind];

export interface Snippet {
  /** Code for where the widget goes. */
  body: string;
  /** What to add once per site: the script tag (a CMS's header code), or the install command. */
  head: string;
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The widget's attributes for these choices, in the widget's own names, unset ones left out. */
export function widgetAttributes(choices: SnippetChoices): [string, string][] {
  const pairs: [string, string | undefined][] = [
    ['company-id', choices.companyId],
    ['api-base', choices.apiBase],
    ['service-id', choices.serviceId],
    ['staff-id', choices.staffId],
    ['resource-id', choices.resourceId],
    ['locale', choices.locale],
    ['display-time-zone', choices.displayTimeZone],
    ['theme', choices.theme],
  ];
  return pairs.filter((pair): pair is [string, string] => Boolean(pair[1]));
}

const attributes = (choices: SnippetChoices, prefix = '') =>
  widgetAttributes(choices)
    .map(([name, value]) => ` ${prefix}${name}="${escapeHtml(value)}"`)
    .join('');

const camel = (name: string) => name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

const scriptTag = (choices: SnippetChoices) => `<script type="module" src="${escapeHtml(choices.scriptUrl)}"></script>`;

export function snippet(kind: SnippetKind, choices: SnippetChoices): Snippet {
  const text = escapeHtml(choices.buttonText || 'Book now');
  switch (kind) {
    case SnippetKind.ScriptTag:
      return { body: `<booking-widget${attributes(choices)}></booking-widget>`, head: scriptTag(choices) };
    case SnippetKind.Cms:
      // The link shows until the script runs, and stays for visitors without JavaScript (docs/embed/cms.md).
      return {
        body: `<div data-booking-widget${attributes(choices, 'data-')}>\n  <a href="${escapeHtml(choices.fallbackUrl || '/book')}">Book online</a>\n</div>`,
        head: scriptTag(choices),
      };
    case SnippetKind.PopupButton:
      return { body: `<booking-button${attributes(choices)}>${text}</booking-button>`, head: scriptTag(choices) };
    case SnippetKind.PopupLink:
      return {
        body: `<a href="${escapeHtml(choices.fallbackUrl || '/book')}" data-booking-popup${attributes(choices, 'data-')}>${text}</a>`,
        head: scriptTag(choices),
      };
    case SnippetKind.Npm:
      return {
        head: 'npm install booking-widget',
        body: `import 'booking-widget';\n\nconst widget = document.createElement('booking-widget');\n${widgetAttributes(choices)
          .map(([name, value]) => `widget.setAttribute('${name}', ${JSON.stringify(value)});`)
          .join(
            '\n',
          )}\nwidget.addEventListener('bw-booked', (event) => console.info(event.detail.appointment));\ndocument.querySelector('#booking')?.append(widget);`,
      };
    case SnippetKind.React:
      return {
        head: 'npm install booking-widget',
        body: `import { BookingWidget } from 'booking-widget/react';\n\nexport function Booking() {\n  return (\n    <BookingWidget${widgetAttributes(
          choices,
        )
          .map(([name, value]) => `\n      ${camel(name)}=${JSON.stringify(value)}`)
          .join('')}\n      onBwBooked={(event) => console.info(event.detail.appointment)}\n    />\n  );\n}`,
      };
  }
}
