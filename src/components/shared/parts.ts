/**
 * Parts cross shadow roots only when each parent forwards them with `exportparts`.
 * Every element declares its parts once, in its folder's `name.parts.ts` (small, so a
 * parent can import the list without the element's lazy chunk), and parents build
 * `exportparts` from those lists, never by hand.
 */
export const exportParts = (...lists: readonly (readonly string[])[]): string => [...new Set(lists.flat())].join(', ');
