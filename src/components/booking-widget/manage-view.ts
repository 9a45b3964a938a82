/**
 * Manage mode: the widget was opened with a visitor's manage link (contract §7a).
 * Rendering only; `<bw-manage>` arrives as a lazy chunk, so a page that only
 * books never downloads it, and shows the `fallback` until then.
 */
import { type TemplateResult, html } from 'lit';
import type { SchedulingClient } from '../../api/client.js';
import type { ManagedWidget } from '../manage/manage.js';
import { MANAGE_PARTS } from '../manage/manage.parts.js';
import type { Clock } from '../../api/time/clock.js';
import type { Catalog } from '../../booking/catalog.js';
import type { ManageLink } from '../../booking/manage-link.js';
import type { Localizer } from '../../i18n/localizer.js';
import { exportParts } from '../shared/parts.js';
import { loadManage } from './lazy-parts.js';


export interface ManageContext {
  catalog: Catalog;
  link: ManageLink;
  widget: ManagedWidget;
  slotsApi: SchedulingClient;
  localizer: Localizer;
  clock: Clock;
  fallback: TemplateResult;
}

export function renderManage(context: ManageContext): TemplateResult {
  loadManage().catch(() => {});
  return html`<bw-manage
    exportparts=${exportParts(MANAGE_PARTS)}
    .catalog=${context.catalog}
    .link=${context.link}
    .widget=${context.widget}
    .slotsApi=${context.slotsApi}
    .localizer=${context.localizer}
    .clock=${context.clock}
    >${context.fallback}</bw-manage
  >`;
}
