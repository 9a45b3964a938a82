/** Chromium's own accessibility tree, read through test/support/accessibility-tree.ts. */
import { executeServerCommand } from '@web/test-runner-commands';
import type { AccessibleNode } from '../../support/accessible-node.js';

export const accessibilityTree = () => executeServerCommand<AccessibleNode[], undefined>('accessibility-tree');

/** The names Chromium gives the elements of a role, in document order. */
export async function accessibleNames(role: string): Promise<string[]> {
  return (await accessibilityTree()).filter((node) => node.role === role).map((node) => node.name);
}
