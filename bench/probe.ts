/**
 * What the bench runs inside the page, before any of the page's own scripts
 * (an init script): it notes when the widget connects, when watched things
 * appear in the DOM (shadow roots included) and when they are painted, the
 * clicks, and the long tasks. Times are `performance.now()`: milliseconds since
 * the navigation started.
 *
 * "Painted" is the usual after-next-paint signal: a `requestAnimationFrame`
 * callback runs just before the frame that shows the change, and a task posted
 * from it runs once that frame is done (`nextTask`: Chromium's `scheduler.postTask`
 * at its highest priority, so that no timer the page set comes first). A double rAF (also recorded,
 * as `frame`) lands one whole frame later, so it can never be under 16 ms.
 */

export interface Seen {
  /** The click that started it (an interaction), `event.timeStamp`. */
  click?: number;
  /** When the page's first listener got that click. */
  handled?: number;
  /** The last DOM change before the frame that shows it (live regions left out). */
  dom: number;
  /** After the next paint. */
  paint: number;
  /** The second animation frame after it. */
  frame: number;
}

export interface Probe {
  connected?: number;
  ready?: number;
  seen: Record<string, Seen>;
  /** `time` is the event's (the input's) time; `handled`, when the page got to it: the input delay is the difference. */
  clicks: { time: number; handled: number; target: string }[];
  longTasks: { start: number; duration: number }[];
  /** Every Lit update (ReactiveElement's `performUpdate`): which element, when, how long. */
  updates: { element: string; start: number; duration: number }[];
  /** Every element matching `selector`, through open shadow roots. */
  queryAll(selector: string): Element[];
  /** Notes when `test` first holds, and its paint; `afterClick` starts the clock at the next click. */
  watch(name: string, test: () => boolean, afterClick?: boolean): void;
  /** Resolves once `name` has been painted. */
  when(name: string): Promise<Seen>;
  /** Resolves after the next paint (the signal described above), with its time. */
  afterNextPaint(): Promise<number>;
}

declare global {
  interface Window {
    __bench: Probe;
  }
}

/** Something to watch from the start: an element matching `selector`, holding `text` when given. */
export interface WatchedElement {
  selector: string;
  text?: string;
}

/**
 * Installed with `page.addInitScript`; it must not refer to anything outside
 * itself. `tag` is the element whose connection is timed.
 */
export function installProbe(tag: string, watches: Record<string, WatchedElement>): void {
  const now = () => performance.now();
  const roots: (Document | ShadowRoot)[] = [document];
  const pending: { name: string; test: () => boolean; afterClick: boolean; click?: number; handled?: number }[] = [];
  const waiting = new Map<string, ((seen: Seen) => void)[]>();
  let lastMutation = 0;
  let polling = false;

  /**
   * Runs `callback` in the first task after the current one: the frame's own task, when called from
   * an animation frame callback. A posted message would do, but Chromium runs the timers the page set
   * in its own frame callbacks before it ("after the paint" work, such as a picture set once the first
   * screen is up), which would count as painting time.
   */
  const nextTask = (callback: () => void) => {
    const scheduler = (globalThis as { scheduler?: { postTask(task: () => void, options: { priority: string }): unknown } }).scheduler;
    if (scheduler) return void scheduler.postTask(callback, { priority: 'user-blocking' });
    const channel = new MessageChannel();
    channel.port1.onmessage = callback;
    channel.port2.postMessage(undefined);
  };

  /**
   * Inside an element with `hidden`, through shadow roots too: not on screen (the widget draws a time step
   * unseen while it waits for its first answer). Read from attributes, so that no watch forces a layout.
   */
  const hidden = (element: Element) => {
    for (let node: Element | null = element; node; node = node.parentElement ?? (node.getRootNode() as Partial<ShadowRoot>).host ?? null)
      if (node.hasAttribute('hidden')) return true;
    return false;
  };

  const afterNextPaint = () => new Promise<number>((resolve) => requestAnimationFrame(() => nextTask(() => resolve(now()))));

  const probe: Probe = {
    seen: {},
    clicks: [],
    longTasks: [],
    updates: [],
    queryAll: (selector) =>
      roots.flatMap((root) => [...root.querySelectorAll(selector)]).filter((element) => element.isConnected && !hidden(element)),
    watch(name, test, afterClick = false) {
      delete probe.seen[name];
      pending.push({ name, test, afterClick });
      check();
    },
    when: (name) =>
      new Promise((resolve) => {
        if (probe.seen[name]) resolve(probe.seen[name]);
        else waiting.set(name, [...(waiting.get(name) ?? []), resolve]);
      }),
    afterNextPaint,
  };
  window.__bench = probe;

  /** Records when a watch that now holds is on screen. */
  function measure(watch: (typeof pending)[number]) {
    const started = now();
    let dom = started;
    requestAnimationFrame(() => {
      // Whatever changed up to the frame that shows it (a child element filling in) counts.
      dom = Math.max(started, lastMutation);
      nextTask(() => {
        const paint = now();
        requestAnimationFrame(() => {
          const seen: Seen = { dom, paint, frame: now() };
          if (watch.click !== undefined) Object.assign(seen, { click: watch.click, handled: watch.handled });
          probe.seen[watch.name] = seen;
          performance.mark(`bench:${watch.name}`, { startTime: paint });
          for (const resolve of waiting.get(watch.name) ?? []) resolve(seen);
          waiting.delete(watch.name);
        });
      });
    });
  }

  function check() {
    for (const watch of [...pending]) {
      if ((watch.afterClick && watch.click === undefined) || !watch.test()) continue;
      pending.splice(pending.indexOf(watch), 1);
      measure(watch);
    }
    // Something may hold without a DOM change (a click that only moves focus): look again each frame meanwhile.
    if (pending.length && !polling) {
      polling = true;
      requestAnimationFrame(() => {
        polling = false;
        check();
      });
    }
  }

  // Live regions change on their own schedule (the widget's announcer waits a frame): not what the visitor sees.
  const inLiveRegion = (node: Node) => Boolean((node instanceof Element ? node : node.parentElement)?.closest('[aria-live]'));
  const observer = new MutationObserver((records) => {
    if (records.some((record) => !inLiveRegion(record.target))) lastMutation = now();
    if (pending.length) check();
  });
  const observe = (root: Document | ShadowRoot) =>
    observer.observe(root, { childList: true, subtree: true, attributes: true, characterData: true });
  observe(document);
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attachShadow.call(this, init);
    roots.push(root);
    observe(root);
    return root;
  };

  // The element connects when its class is defined (it is already in the page) or when it is added later.
  const define = customElements.define;
  customElements.define = function (
    this: CustomElementRegistry,
    name: string,
    constructor: CustomElementConstructor,
    options?: ElementDefinitionOptions,
  ) {
    if (name === tag) {
      const prototype = constructor.prototype as { connectedCallback?: () => void };
      const connected = prototype.connectedCallback;
      prototype.connectedCallback = function (this: HTMLElement) {
        probe.connected ??= now();
        connected?.call(this);
      };
      // Lit's base class, shared by every element of the widget: time each update.
      let base = prototype as object | null;
      while (base && !Object.hasOwn(base, 'performUpdate')) base = Object.getPrototypeOf(base) as object | null;
      const update = base && (base as { performUpdate?: () => void }).performUpdate;
      if (base && update) {
        (base as { performUpdate: () => void }).performUpdate = function (this: HTMLElement) {
          const start = now();
          try {
            update.call(this);
          } finally {
            probe.updates.push({ element: this.localName, start, duration: now() - start });
          }
        };
      }
    }
    define.call(this, name, constructor, options);
  };
  document.addEventListener('bw-ready', () => (probe.ready ??= now()), true);

  // Capture phase: this runs before the widget's own handlers, whose effects the watches then see.
  window.addEventListener(
    'click',
    (event) => {
      const target =
        event.composedPath().find((node): node is Element => node instanceof HTMLButtonElement) ?? (event.target as Element | null);
      const handled = now();
      probe.clicks.push({
        time: event.timeStamp,
        handled,
        target: target?.getAttribute('aria-label') || target?.textContent?.trim() || '',
      });
      for (const watch of pending)
        if (watch.afterClick && watch.click === undefined) Object.assign(watch, { click: event.timeStamp, handled });
    },
    true,
  );

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });

  for (const [name, { selector, text }] of Object.entries(watches)) {
    probe.watch(name, () => probe.queryAll(selector).some((element) => !text || (element.textContent ?? '').includes(text)));
  }
}

/**
 * The init script's source. tsx names functions at run time through a `__name`
 * helper that exists only in Node, so the page gets a stand-in for it (the
 * `page.evaluate` callbacks of the bench need it too).
 */
export function probeScript(tag: string, watches: Record<string, WatchedElement>): string {
  return `globalThis.__name = (target) => target;\n(${installProbe.toString()})(${JSON.stringify(tag)}, ${JSON.stringify(watches)});`;
}
