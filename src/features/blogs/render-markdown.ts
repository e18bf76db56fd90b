import createDOMPurify, { type Config } from 'dompurify';
import { Marked } from 'marked';

/*
 * Blog content is Markdown written or pasted by an admin, or produced by an AI model: treat it as
 * untrusted. marked turns it into HTML (raw HTML included, as Markdown allows), then DOMPurify keeps
 * only inert document markup. This module is the only place that pulls in marked and DOMPurify; it
 * is loaded on demand by the blog page, so no other page pays for them.
 */

const marked = new Marked({ gfm: true, async: false });

// An instance of our own: hooks added here never leak into another DOMPurify user in the app.
const purify = createDOMPurify(window);

const config: Config = {
  USE_PROFILES: { html: true },
  // Document markup only: nothing that runs, submits, embeds another page or restyles ours.
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'base',
    'link',
    'meta',
    'template',
    'dialog',
    'video',
    'audio',
    'source',
    'track',
  ],
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'ping', 'background', 'poster', 'target'],
  ALLOW_DATA_ATTR: false,
  // Prefixes id and name values, so content cannot shadow document properties (DOM clobbering).
  SANITIZE_NAMED_PROPS: true,
};

/** The only schemes a link or picture may use; relative addresses resolve to this site's. */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const URL_ATTRIBUTES = ['href', 'src', 'cite', 'longdesc', 'xlink:href'];

function isSafeUrl(value: string): boolean {
  try {
    return SAFE_PROTOCOLS.has(new URL(value, window.location.href).protocol);
  } catch {
    return false;
  }
}

purify.addHook('afterSanitizeAttributes', (node) => {
  // DOMPurify already refuses javascript: URLs but lets data: through on pictures; only the web's
  // own schemes may stay.
  for (const name of URL_ATTRIBUTES) {
    const value = node.getAttribute(name);
    if (value !== null && !isSafeUrl(value)) node.removeAttribute(name);
  }
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    // The linked page gets no handle on this one (window.opener) and learns nothing of where from.
    node.setAttribute('rel', 'noopener noreferrer');
    const href = node.getAttribute('href')!;
    if (/^https?:/i.test(href) && new URL(href).origin !== window.location.origin)
      node.setAttribute('target', '_blank');
  }
  if (node.tagName === 'IMG') {
    node.setAttribute('loading', 'lazy');
    node.setAttribute('decoding', 'async');
  }
});

/** Markdown to HTML that is safe to put in the page: no script, handler, javascript: or data: URL. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return purify.sanitize(html, { ...config, RETURN_TRUSTED_TYPE: false });
}
