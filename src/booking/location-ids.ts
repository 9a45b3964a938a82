/** `company-id="demo-salon demo-salon-west"`: ids or externalIds, separated by spaces (issue #14). Alone in its file: the first-load bundle needs only this. */
export const locationIds = (attribute: string | undefined): string[] => (attribute ?? '').trim().split(/\s+/).filter(Boolean);
