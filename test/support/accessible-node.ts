/** One node of Chromium's accessibility tree, as test/support/accessibility-tree.ts reports it. */
export interface AccessibleNode {
  role: string;
  name: string;
}
