/** The public fill page of a form (same origin): what the Share panel, the QR code and 'Copy link' give. */
export const fillPath = (formId: string) => `/data-collection/forms/${encodeURIComponent(formId)}/fill`;

export const fillUrl = (formId: string, origin = window.location.origin) => `${origin}${fillPath(formId)}`;
