import { formatMoney, type Currency } from '../../../contract/payments';
import { isCurrency } from '../../services/payments/money';

const escapeHtml = (v: string) =>
  v.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

const styles = `
body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{max-width:28rem;margin:0 auto;padding:1rem}
.banner{background:#b45309;color:#fff;font-weight:700;text-align:center;padding:.75rem;letter-spacing:.05em}
section{background:#fff;border-radius:.5rem;padding:1rem;margin:1rem 0;box-shadow:0 1px 2px #0002}
h1{font-size:1.25rem;margin:.25rem 0}.amount{font-size:1.75rem;font-weight:700}
button{display:block;width:100%;margin:.5rem 0;padding:.75rem;border-radius:.375rem;border:1px solid #a1a1aa;background:#fff;font-size:1rem;cursor:pointer}
button.ok{background:#15803d;color:#fff;border-color:#15803d}button.fail{background:#b91c1c;color:#fff;border-color:#b91c1c}
small{color:#52525b}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${styles}</style></head>
<body><div class="banner" role="status">TEST MODE: no real money moves</div><main>${body}</main></body></html>`;
}

export interface CheckoutView {
  checkoutId: string;
  title: string;
  description: string;
  amount: string;
  currency: string;
  customerEmail: string;
  /** An earlier attempt on this page was declined; the provider lets the customer try again. */
  retry?: boolean;
}

function displayAmount(amount: string, currency: string): string {
  if (!isCurrency(currency)) return `${amount} ${currency}`;
  const exponent = currency === 'RWF' || currency === 'UGX' ? 0 : 2;
  return formatMoney(Math.round(Number(amount) * 10 ** exponent), currency as Currency);
}

/** One form per payment method, one button per outcome: plain HTML, no script (the CSP forbids inline ones). */
function methodForm(checkoutId: string, method: 'card' | 'mobilemoney', label: string, hint: string) {
  const action = `/api/test-mode/flutterwave/checkout/${encodeURIComponent(checkoutId)}`;
  return `<section aria-labelledby="${method}-h"><h2 id="${method}-h">${label}</h2><small>${hint}</small>
<form method="post" action="${action}"><input type="hidden" name="method" value="${method}">
<button class="ok" name="outcome" value="success">${label}: pay successfully</button>
<button class="fail" name="outcome" value="failure">${label}: payment fails</button>
<button name="outcome" value="cancel">${label}: cancel</button></form></section>`;
}

export function renderCheckoutPage(view: CheckoutView): string {
  return page(
    `Test checkout: ${view.title}`,
    `<section><small>Simulated Flutterwave checkout</small><h1>${escapeHtml(view.title)}</h1>
<p>${escapeHtml(view.description)}</p><p class="amount">${escapeHtml(displayAmount(view.amount, view.currency))}</p>
<small>Paying as ${escapeHtml(view.customerEmail)}</small>
${view.retry ? '<p role="alert">Your last attempt was declined. You can try again.</p>' : ''}</section>
${methodForm(view.checkoutId, 'card', 'Card', 'Test card 4242 4242 4242 4242; nothing is charged.')}
${methodForm(view.checkoutId, 'mobilemoney', 'Mobile money', 'A successful mobile-money payment stays pending for a while, as a phone prompt would.')}`,
  );
}

export function renderClosedPage(redirectUrl: string | null): string {
  return page(
    'Test checkout closed',
    `<section><h1>This checkout is already closed</h1><p>It was paid, declined or cancelled before.</p>
${redirectUrl ? `<p><a href="${escapeHtml(redirectUrl)}">Return to the merchant</a></p>` : ''}</section>`,
  );
}
