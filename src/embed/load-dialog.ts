/**
 * The popup dialog's code loads when a popup is first opened: pages that only
 * show the widget inline never download it.
 */
let loading: Promise<unknown> | undefined;

export function loadDialog(): Promise<unknown> {
  loading ??= import('./booking-dialog.js').catch((error: unknown) => {
    // A failed download is tried again on the next opening.
    loading = undefined;
    throw error;
  });
  return loading;
}
