/**
 * The walk-in line's chunk (lazy-parts.ts): `<bw-queue>`, the controller that feeds it, and
 * what the host asks of the line, in one object so that the host's own code stays a few
 * lines: whether the widget is the line now, the line, and the first step's offer.
 */
import type { TemplateResult } from 'lit';
import type { FlowState } from '../../booking/flow.js';
import '../queue/queue.js';
import { QueueController, type QueueDependencies, type QueueHost } from './queue-controller.js';
import { renderQueue, renderQueueOffer } from './queue-view.js';

export interface QueueModeHost extends QueueHost {
  /** `offer`, `only`, `off` or unset: the widget's `queue` attribute. */
  queue: string | undefined;
  accessToken: unknown;
}

export type QueueModeDependencies = Omit<QueueDependencies, 'link' | 'direct' | 'intake'>;

export class QueueMode {
  readonly controller: QueueController;
  /** The visitor chose the line on the first step. */
  private _entered = false;

  /** `intake` comes from the booking steps' chunk, which also defines `<bw-intake-questions>`: the line's questions are intake questions (service contract §11). */
  constructor(
    private readonly _host: QueueModeHost,
    deps: QueueModeDependencies,
    intake: QueueDependencies['intake'],
  ) {
    this.controller = new QueueController(_host, { ...deps, intake, direct: () => _host.accessToken !== undefined });
  }

  /**
   * The line shows in place of the steps: the widget is the line (`queue="only"`), a link reopens a place, or the
   * visitor chose the line. The host's one answer to "are the steps hidden?" (no step changes, no analytics) reads it.
   */
  get shown(): boolean {
    return this._host.queue == 'only' || this._entered || !!this.controller.link();
  }

  /** The line when it {@link shown shows}; else nothing, and the steps show. One call, so the host's own code stays short. */
  render(fallback: TemplateResult): TemplateResult | undefined {
    return this.shown ? renderQueue(this.controller, fallback) : undefined;
  }

  /** The first step's "Join the walk-in line"; nothing on any later step. */
  offer(state: FlowState) {
    if (state.step != state.steps[0]) return undefined;
    return renderQueueOffer(this.controller, this._host.queue == 'offer', () => {
      this._entered = true;
      this._host.requestUpdate();
    });
  }
}
