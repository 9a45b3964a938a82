/** Where a visitor managing their booking stands; each phase is one screen, and focus goes to its heading. */
export const ManagePhase = {
  Loading: 'loading',
  Failed: 'failed',
  View: 'view',
  Time: 'time',
  ConfirmMove: 'confirm-move',
  ConfirmCancel: 'confirm-cancel',
  Moved: 'moved',
  Cancelled: 'cancelled',
} as const;
export type ManagePhase = (typeof ManagePhase)[keyof typeof ManagePhase];
