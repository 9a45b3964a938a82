/**
 * Puts company-supplied HTML (the description) into an element, keeping only
 * simple formatting and links. Browsers with the HTML Sanitizer API do it
 * natively at no download cost; others load DOMPurify on demand.
 */

const ALLOWED_ELEMENTS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'span', 'blockquote'];
const ALLOWED_ATTRIBUTES = ['href', 'title', 'lang', 'dir'];
/**
 * Where a description's links may lead. The sanitisers disagree on the rest: the
 * browser's own `setHTML` keeps `data:` links (a page of the linker's choosing),
 * DOMPurify drops them; neither should decide it for us.
 */
const LINK_PROTOCOLS = ['https:', 'http:', 'mailto:', 'tel:'];

function isAllowedLink(href: string): boolean {
  try {
    return LINK_PROTOCOLS.includes(new URL(href, document.baseURI).protocol);
  } catch {
    return false;
  }
}

type SetHtml = (html: string, options: { sanitizer: Record<string, unknown> }) => void;

/** Fills `target` with the sanitised `html`, replacing what it held. */
export async function setSanitizedHtml(target: HTMLElement, html: string, forceFallback = false): Promise<void> {
  const setHTML = (target as unknown as { setHTML?: SetHtml }).setHTML;
  if (typeof setHTML === 'function' && !forceFallback) {
    setHTML.call(target, html, {
      sanitizer: { elements: ALLOWED_ELEMENTS, attributes: ALLOWED_ATTRIBUTES, comments: false, dataAttributes: false },
    });
  } else {
    const { default: DOMPurify } = await import('dompurify');
    target.replaceChildren(
      DOMPurify.sanitize(html, {
        ALLOWED_TAGS: ALLOWED_ELEMENTS,
        ALLOWED_ATTR: ALLOWED_ATTRIBUTES,
        ALLOW_DATA_ATTR: false,
        RETURN_DOM_FRAGMENT: true,
      }),
    );
  }
  // Links in a description lead away from the booking: open them beside it, and
  // never hand the merchant's page to the linked one.
  for (const link of target.querySelectorAll('a')) {
    const href = link.getAttribute('href');
    if (href !== null && !isAllowedLink(href)) link.removeAttribute('href');
    link.target = '_blank';
    link.rel = 'noopener noreferrer nofollow';
  }
}

/** True when the text holds markup at all; plain text needs no sanitiser. */
export function looksLikeHtml(text: string): boolean {
  return /<[a-z!/]/i.test(text);
}
