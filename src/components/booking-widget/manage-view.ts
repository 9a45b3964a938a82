/**
 * Manage mode: the widget was opened with a visitor's manage link (service contract §7a).
 * Rendering only: `<bw-manage>` and its ManageController arrive as a lazy chunk,
 * which the host asks for once it has the link and the company; until the booking
 * can be shown, the `fallback`.
 */
import { type TemplateResult, html } from 'lit';
import type { ManageController } from './manage-controller.js';

export function renderManage(manage: ManageController | undefined, fallback: TemplateResult): TemplateResult {
  const view = manage?.view;
  return view ? html`<bw-manage .view=${view} @manage-intent=${manage!.onIntent}></bw-manage>` : fallback;
}
