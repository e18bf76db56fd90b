import type { IssuedDocument } from '@contract/documents';
import { fetchAuthorizedBlob } from '@/lib/authorized-blob';
import { saveBlob } from '@/lib/save-blob';

/** 'certificate-ABCDE-FGHJK.pdf': the kind and the code a holder quotes. */
export const pdfFileName = (doc: Pick<IssuedDocument, 'kind' | 'code'>) =>
  `${doc.kind}-${doc.code.slice(0, 5)}-${doc.code.slice(5)}.pdf`;

/**
 * GET /api/documents/{id}/pdf with the user's token (a link cannot carry it), saved as a download.
 * The PDF is drawn from the issued figures on each download, so it is always the document issued.
 */
export async function downloadDocumentPdf(doc: Pick<IssuedDocument, 'id' | 'kind' | 'code'>) {
  const bytes = await fetchAuthorizedBlob(`/documents/${encodeURIComponent(doc.id)}/pdf`);
  saveBlob(bytes, pdfFileName(doc));
}
