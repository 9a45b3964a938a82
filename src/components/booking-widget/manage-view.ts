/**
 * Manage mode: the widget was opened with a visitor's manage link (contract §7a).
 * Rendering only; `<bw-manage>` arrives as a lazy chunk, so a page that only
 * books never downloads it, and shows the `fallback` until then.
 */
import { type TemplateResult, html } from 'lit';
import type { ManageContext } from '../manage/manage.js';
import { loadManage } from './lazy-parts.js';

export function renderManage(context: ManageContext, fallback: TemplateResult): TemplateResult {
  loadManage().catch(() => {});
  return html`<bw-manage .context=${context}>${fallback}</bw-manage>`;
}
