import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';

/** The HTML parsed as the page would parse it (the test then looks for anything that could run). */
const fragment = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
};

/** Every way we know of to run script from Markdown or the HTML it may carry. */
const payloads = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 1">',
  '<svg onload="window.__xss = 1"><circle r="1"/></svg>',
  '<svg><script>window.__xss = 1</script></svg>',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=window.__xss=1&gt;"></mglyph></table></mtext></math>',
  '<iframe src="javascript:window.__xss = 1"></iframe>',
  '<iframe srcdoc="<script>parent.__xss = 1</script>"></iframe>',
  '<object data="javascript:window.__xss = 1"></object>',
  '<embed src="data:text/html,<script>window.__xss = 1</script>">',
  '<a href="javascript:window.__xss = 1">plain link</a>',
  '<a href="  JaVaScRiPt:window.__xss = 1">mixed case</a>',
  '<a href="java&#x09;script:window.__xss = 1">tab inside</a>',
  '<a href="&#106;avascript:window.__xss = 1">entity</a>',
  '[markdown link](javascript:window.__xss=1)',
  '[data link](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==)',
  '![markdown image](javascript:window.__xss=1)',
  '<img src="data:image/svg+xml,<svg onload=window.__xss=1>">',
  '<form action="javascript:window.__xss = 1"><button>go</button></form>',
  '<input autofocus onfocus="window.__xss = 1">',
  '<details open ontoggle="window.__xss = 1"><summary>x</summary></details>',
  '<body onload="window.__xss = 1">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss = 1">',
  '<base href="javascript:/">',
  '<link rel="stylesheet" href="javascript:window.__xss = 1">',
  '<style>@import "javascript:window.__xss = 1";</style>',
  '<div style="background:url(javascript:window.__xss = 1)">styled</div>',
  '<a href="#" onclick="window.__xss = 1">click</a>',
  '<video><source onerror="window.__xss = 1"></video>',
  '<marquee onstart="window.__xss = 1">m</marquee>',
  '<img src="https://example.org/a.png" srcset="javascript:window.__xss = 1 1x">',
  '<form id="location"></form><img name="cookie">',
  '`<script>inline code stays text</script>`',
];

describe('renderMarkdown', () => {
  it('renders Markdown', () => {
    const html = renderMarkdown('## Say thanks\n\nCall within **48 hours**.\n\n- one\n- two');
    expect(html).toContain('<h2>Say thanks</h2>');
    expect(html).toContain('<strong>48 hours</strong>');
    expect(fragment(html).querySelectorAll('li')).toHaveLength(2);
  });

  it.each(payloads)('leaves nothing that can run in %s', (payload) => {
    const root = fragment(renderMarkdown(`Before the payload.\n\n${payload}\n\nAfter the payload.`));
    expect(root.textContent).toContain('Before the payload.');
    expect(root.textContent).toContain('After the payload.');
    const forbidden =
      'script, iframe, object, embed, form, input, button, style, link, meta, base, svg, math, video, source';
    expect(root.querySelectorAll(forbidden)).toHaveLength(0);
    for (const el of root.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        expect(attr.name, `${el.tagName} ${attr.name}`).not.toMatch(/^on/i);
        expect(['style', 'srcset', 'action', 'formaction']).not.toContain(attr.name);
        if (['href', 'src', 'xlink:href', 'cite'].includes(attr.name))
          expect(attr.value.replace(/\s/g, '').toLowerCase(), attr.value).toMatch(
            /^(https?:|mailto:|tel:|#|\/|[^:]*$)/,
          );
      }
      // DOM clobbering: content may not name itself after document properties.
      expect(['location', 'cookie']).not.toContain(el.getAttribute('id') ?? el.getAttribute('name'));
    }
  });

  it('keeps ordinary links and pictures, with rel and a new tab for other sites', () => {
    const root = fragment(
      renderMarkdown(
        '[Donate](https://example.org/donate) [Home](/public-blogs) ![Pump](https://example.org/p.png)',
      ),
    );
    const [external, internal] = root.querySelectorAll('a');
    expect(external).toHaveAttribute('href', 'https://example.org/donate');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(external).toHaveAttribute('target', '_blank');
    expect(internal).toHaveAttribute('href', '/public-blogs');
    expect(internal).toHaveAttribute('rel', 'noopener noreferrer');
    expect(internal).not.toHaveAttribute('target');
    const img = root.querySelector('img')!;
    expect(img).toHaveAttribute('src', 'https://example.org/p.png');
    expect(img).toHaveAttribute('alt', 'Pump');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('shows code as text', () => {
    const root = fragment(renderMarkdown('```html\n<script>alert(1)</script>\n```'));
    expect(root.querySelector('code')?.textContent).toContain('<script>alert(1)</script>');
    expect(root.querySelectorAll('script')).toHaveLength(0);
  });
});
