/** Whether the visitor's system prefers dark colours, kept current for `theme="auto"`. */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class PrefersDarkController implements ReactiveController {
  private readonly _query = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;
  private readonly _onChange = () => this._host.requestUpdate();

  constructor(private readonly _host: ReactiveControllerHost) {
    _host.addController(this);
  }

  get dark(): boolean {
    return Boolean(this._query?.matches);
  }

  hostConnected(): void {
    this._query?.addEventListener('change', this._onChange);
  }

  hostDisconnected(): void {
    this._query?.removeEventListener('change', this._onChange);
  }
}
