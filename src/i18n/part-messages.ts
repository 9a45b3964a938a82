import type { Messages } from './catalogs/en.js';
import type { Localizer } from './localizer.js';
import type { MessageLoader } from './message-loader.js';

/**
 * A later part's words (manage mode's, the walk-in line's) over the widget's own, in the
 * language the widget shows: at once when that part's catalog has arrived, else from when it
 * does (English when it cannot load). Its owner hands it the localizer before each render;
 * `arrived` asks for the render that shows a catalog that came later.
 */
export class PartMessages<T> {
  private _for: Localizer | undefined;
  private _value: (Messages & T) | undefined;

  constructor(
    private readonly _loader: MessageLoader<T>,
    private readonly _arrived: () => void,
  ) {}

  /** The messages, `undefined` while the part's catalog in the widget's language is on its way. */
  get value(): (Messages & T) | undefined {
    return this._value;
  }

  /** Follows `localizer`: another language (or the first) asks for the part's catalog in it. */
  update(localizer: Localizer): void {
    if (localizer === this._for) return;
    this._for = localizer;
    const merged = (text: T) => ({ ...localizer.messages, ...text });
    const text = this._loader.loaded(localizer.locale);
    this._value = text && merged(text);
    if (text) return;
    void this._loader.load(localizer.locale).then((arrived) => {
      if (this._for !== localizer) return;
      this._value = merged(arrived);
      this._arrived();
    });
  }
}
