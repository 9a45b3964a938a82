import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { type Messages, en } from './catalogs/en.js';
import { messageLoader } from './load-messages.js';
import { type Localizer, createLocalizer } from './localizer.js';
import type { MessageLoader } from './message-loader.js';
import { type NegotiatedLocale, negotiateLocale } from './negotiate.js';

/** Returns the locale candidates, most preferred first; see {@link negotiateLocale}. */
export type LocaleCandidates = () => Iterable<string | null | undefined>;

export interface LocaleControllerOptions {
  /**
   * Where catalogs come from. Default: the page-wide loader, which imports
   * each catalog once for every widget on the page.
   */
  loader?: MessageLoader;
}

/**
 * Gives a Lit element the {@link Localizer} for the best language its
 * candidates name, loading that catalog on demand. State lives in the
 * controller, not in a module, so widgets in different languages share a
 * page without interfering.
 *
 * The candidates are read again before every host update, so a change to a
 * reactive property among them takes effect on the next render; call
 * {@link LocaleController.update} after a change the host cannot see (the
 * page's `lang`).
 *
 * @example
 * class MyElement extends LitElement {
 *   @property() locale?: string;
 *   private readonly _locale = new LocaleController(this, () => [
 *     this.locale,
 *     this.closest('[lang]')?.getAttribute('lang'),
 *     ...navigator.languages,
 *   ]);
 *   override render() {
 *     const { messages, locale, dir } = this._locale.localizer;
 *     return html`<p lang=${locale} dir=${dir}>${messages.loading}</p>`;
 *   }
 * }
 */
export class LocaleController implements ReactiveController {
  private readonly _host: ReactiveControllerHost;
  private readonly _candidates: LocaleCandidates;
  private readonly _loader: MessageLoader;
  private _negotiated: NegotiatedLocale | undefined;
  private _localizer: Localizer | undefined;
  private _ready = false;
  private _whenReady: Promise<Localizer> | undefined;

  constructor(host: ReactiveControllerHost, candidates: LocaleCandidates, options: LocaleControllerOptions = {}) {
    this._host = host;
    this._candidates = candidates;
    this._loader = options.loader ?? messageLoader;
    host.addController(this);
  }

  /**
   * What to render with, always usable. Before the negotiated catalog first
   * arrives it is English (formatted as English, so text and dates agree);
   * while a later change of language loads, it stays the previous language
   * rather than flashing English in between.
   */
  get localizer(): Localizer {
    if (!this._localizer) this.update();
    return this._localizer!;
  }

  /** The language and formatting locale chosen from the candidates; its catalog may still be loading. */
  get negotiated(): NegotiatedLocale {
    if (!this._negotiated) this.update();
    return this._negotiated!;
  }

  /**
   * True once the negotiated catalog is in use — or failed to load, in which
   * case English stands in and waiting longer would not help.
   */
  get ready(): boolean {
    if (!this._negotiated) this.update();
    return this._ready;
  }

  /**
   * Resolves with the localizer once the latest negotiated catalog is in use.
   * If the language changes while loading, it waits for the newer one.
   */
  get whenReady(): Promise<Localizer> {
    if (!this._whenReady) this.update();
    return this._whenReady!;
  }

  /** Negotiates again from the candidates; a no-op when the outcome is unchanged. */
  update(): void {
    const next = negotiateLocale(this._candidates());
    const current = this._negotiated;
    if (current && current.language === next.language && current.formatLocale === next.formatLocale) return;
    this._negotiated = next;

    const messages = this._loader.loaded(next.language);
    if (messages) {
      this._use(next, messages);
      this._whenReady = Promise.resolve(this._localizer!);
      return;
    }

    this._ready = false;
    this._localizer ??= createLocalizer('en', en);
    this._whenReady = this._loader.load(next.language).then((loaded) => {
      // A newer negotiation owns the localizer now; hand over to its promise.
      if (this._negotiated !== next) return this.whenReady;
      this._use(next, loaded);
      return this._localizer!;
    });
  }

  hostConnected(): void {
    this.update();
  }

  hostUpdate(): void {
    this.update();
  }

  private _use(negotiated: NegotiatedLocale, messages: Messages): void {
    // English standing in for a catalog that failed to load is formatted as English too.
    const locale = messages === en && negotiated.language !== 'en' ? 'en' : negotiated.formatLocale;
    if (this._localizer?.locale !== locale || this._localizer.messages !== messages) {
      this._localizer = createLocalizer(locale, messages);
    }
    this._ready = true;
    // Harmless when called from hostUpdate: Lit folds it into the update under way.
    this._host.requestUpdate();
  }
}
