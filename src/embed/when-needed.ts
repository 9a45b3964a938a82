/**
 * In the script-tag bundle, the embedding code (`<booking-button>`, placeholders,
 * popup links) is a chunk of its own: most pages only hold `<booking-widget>`. This
 * watches the page for the first of them, then loads the chunk, which upgrades them
 * and takes over watching. Elements already there upgrade when it defines them.
 */
const NEEDED = 'booking-button, booking-dialog, [data-booking-widget], [data-booking-popup]';

function loadEmbedding(observer?: MutationObserver): void {
  observer?.disconnect();
  import('./index.js').catch(() => {});
}

if (typeof document !== 'undefined') {
  if (document.querySelector(NEEDED)) loadEmbedding();
  else {
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const nodes = record.type === 'attributes' ? [record.target] : [...record.addedNodes];
        if (nodes.some((node) => node instanceof Element && (node.matches(NEEDED) || node.querySelector(NEEDED))))
          return loadEmbedding(observer);
      }
    });
    observer.observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-booking-widget', 'data-booking-popup'],
    });
  }
}
