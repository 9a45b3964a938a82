/**
 * The widget's colours: light or dark (`theme`, or the visitor's system with
 * `auto`), the company's accent, and the colours derived from whatever accent is
 * in force. Written through the CSSOM on the widget's root after each render: a
 * strict Content-Security-Policy refuses style attributes.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AutoColors } from './auto-colors.js';
import { PrefersDarkController } from '../shared/color-scheme.js';

export type Theme = 'light' | 'dark' | 'auto';

export interface ThemeHost extends ReactiveControllerHost {
  theme: Theme;
}

export interface ThemeDependencies {
  /** The element the colours are written on (the widget's root, once rendered). */
  root(): HTMLElement | null | undefined;
  /** The company's accent colour setting, if any. */
  accent(): string | undefined;
  /** What derives the colours from the accent in force, once its code is in (the steps' chunk); the host renders again then. */
  autoColors(): typeof AutoColors | undefined;
}

export class ThemeController implements ReactiveController {
  private readonly _prefersDark: PrefersDarkController;
  private _autoColors: AutoColors | undefined;
  /** The frame, then the task after its paint, in which the colours are read: set while one is on its way. */
  private _frame = 0;
  private _afterPaint: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly _host: ThemeHost,
    private readonly _deps: ThemeDependencies,
  ) {
    _host.addController(this);
    this._prefersDark = new PrefersDarkController(_host);
  }

  get dark(): boolean {
    return this._host.theme === 'dark' || (this._host.theme === 'auto' && this._prefersDark.dark);
  }

  hostUpdated(): void {
    const root = this._deps.root();
    if (!root) return;
    const accent = this._deps.accent();
    if (accent) root.style.setProperty('--_company-accent', accent);
    else root.style.removeProperty('--_company-accent');
    // Reading the colours in force means computing styles: just after the next paint, when the browser
    // has computed them and nothing has changed them since. Read in the update or before the paint, they
    // would be computed once more, and the first times painted later (issue 28). Only a changed colour
    // costs another computation, in the frame after.
    const Colors = this._deps.autoColors();
    if (this._frame || !Colors) return;
    this._frame = requestAnimationFrame(() => {
      this._afterPaint = setTimeout(() => {
        this._frame = 0;
        (this._autoColors ??= new Colors()).apply(root);
      });
    });
  }

  hostDisconnected(): void {
    cancelAnimationFrame(this._frame);
    clearTimeout(this._afterPaint);
    this._frame = 0;
  }
}
