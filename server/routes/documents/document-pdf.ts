import {
  fill,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  StandardFonts,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { formatCode, type IssuedDocument } from '../../../contract/documents';
import { hoursText, longDay, periodText } from './document-text';

/*
 * The PDF of an issued document (issue 15), drawn from its snapshot whenever it is downloaded. One A4
 * page in the standard Helvetica fonts (nothing embedded but an optional logo), so a certificate
 * renders in milliseconds and weighs a few kilobytes (budget: 300 ms, 200 KB). The QR code is drawn
 * as rectangles from the qrcode package's module matrix: no canvas, no image.
 *
 * A revoked document still downloads (it is what was issued, and the volunteer may need their
 * records), but its page says so in red at the top, so a fresh copy cannot pass as valid; the
 * verification page says the same.
 */

/** What the PDF prints: the issued document's snapshot. */
export type PdfDocument = Pick<
  IssuedDocument,
  | 'kind'
  | 'code'
  | 'volunteerName'
  | 'role'
  | 'ngoName'
  | 'periodFrom'
  | 'periodTo'
  | 'minutes'
  | 'signerName'
  | 'signerTitle'
  | 'body'
  | 'issuedAt'
  | 'revokedAt'
>;

export interface PdfLogo {
  bytes: Uint8Array;
  type: 'image/png' | 'image/jpeg';
}

export interface PdfOptions {
  /** PNG or JPEG; without it (or when it cannot be read) the NGO's initials are drawn in a circle. */
  logo?: PdfLogo;
  /** The absolute address of the verification page: the QR code's content, printed too. */
  verifyUrl: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const CONTENT_WIDTH = A4[0] - 2 * MARGIN;
const INK = rgb(0.13, 0.15, 0.18);
const MUTED = rgb(0.38, 0.41, 0.45);
const ACCENT = rgb(0.05, 0.4, 0.36);
const RED = rgb(0.72, 0.1, 0.1);
const LOGO_BOX = 60;
const QR_SIZE = 100;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  /** The code points Helvetica can print (WinAnsi). */
  printable: Set<number>;
}

/**
 * The text as Helvetica can print it: standard fonts only know WinAnsi, and pdf-lib throws on any
 * other character. Accents are kept where WinAnsi has the letter (é, ñ), else dropped (ł → l is not
 * possible this way, so it prints '?'), so a volunteer's name never makes a download fail.
 */
function printable(text: string, fonts: Fonts): string {
  let out = '';
  for (const ch of text.replace(/[\t\r\n]+/g, ' ')) {
    if (fonts.printable.has(ch.codePointAt(0)!)) {
      out += ch;
      continue;
    }
    const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
    out += bare && [...bare].every((c) => fonts.printable.has(c.codePointAt(0)!)) ? bare : '?';
  }
  return out;
}

/** Words into lines no wider than `width`; a word longer than a line is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest size up to `max` at which `text` fits `width` on one line. */
function fittingSize(text: string, font: PDFFont, max: number, width: number, min = 10): number {
  let size = max;
  while (size > min && font.widthOfTextAtSize(text, size) > width) size -= 1;
  return size;
}

function centered(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color = INK) {
  const x = (A4[0] - font.widthOfTextAtSize(text, size)) / 2;
  page.drawText(text, { x, y, size, font, color });
}

/** Centered paragraph; answers the baseline below its last line. */
function centeredParagraph(page: PDFPage, text: string, y: number, font: PDFFont, size: number): number {
  for (const line of wrap(text, font, size, CONTENT_WIDTH)) {
    centered(page, line, y, font, size);
    y -= size * 1.45;
  }
  return y;
}

/** 'HR' for 'Hope Relief'; one letter for a one-word name. */
function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => /\p{L}|\p{N}/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => [...w.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '')
    .join('')
    .toUpperCase();
}

async function embedLogo(pdf: PDFDocument, logo: PdfLogo | undefined): Promise<PDFImage | undefined> {
  if (!logo) return undefined;
  try {
    return logo.type === 'image/png' ? await pdf.embedPng(logo.bytes) : await pdf.embedJpg(logo.bytes);
  } catch {
    // Bytes that do not decode as the type said: the initials instead, never a failed download.
    return undefined;
  }
}

/** The header: the logo (or initials in a circle) and the NGO's name, above a rule. */
function drawHeader(page: PDFPage, doc: PdfDocument, fonts: Fonts, logo: PDFImage | undefined): number {
  const top = A4[1] - MARGIN;
  if (logo) {
    const scale = Math.min(LOGO_BOX / logo.width, LOGO_BOX / logo.height);
    const w = logo.width * scale;
    const h = logo.height * scale;
    page.drawImage(logo, {
      x: MARGIN + (LOGO_BOX - w) / 2,
      y: top - LOGO_BOX + (LOGO_BOX - h) / 2,
      width: w,
      height: h,
    });
  } else {
    const r = LOGO_BOX / 2;
    page.drawCircle({ x: MARGIN + r, y: top - r, size: r, color: ACCENT });
    const initials = printable(initialsOf(doc.ngoName), fonts) || '?';
    const size = initials.length > 1 ? 22 : 26;
    const w = fonts.bold.widthOfTextAtSize(initials, size);
    page.drawText(initials, {
      x: MARGIN + r - w / 2,
      y: top - r - size * 0.36,
      size,
      font: fonts.bold,
      color: rgb(1, 1, 1),
    });
  }
  const nameX = MARGIN + LOGO_BOX + 16;
  const name = printable(doc.ngoName, fonts);
  const nameSize = fittingSize(name, fonts.bold, 18, A4[0] - MARGIN - nameX);
  page.drawText(name, {
    x: nameX,
    y: top - LOGO_BOX / 2 - nameSize * 0.35,
    size: nameSize,
    font: fonts.bold,
    color: INK,
  });
  const ruleY = top - LOGO_BOX - 14;
  page.drawLine({
    start: { x: MARGIN, y: ruleY },
    end: { x: A4[0] - MARGIN, y: ruleY },
    thickness: 1,
    color: ACCENT,
  });
  let y = ruleY - 28;
  if (doc.revokedAt) {
    const notice = `REVOKED on ${longDay(doc.revokedAt)}: this document is no longer valid.`;
    centered(page, notice, y, fonts.bold, fittingSize(notice, fonts.bold, 13, CONTENT_WIDTH), RED);
    y -= 28;
  }
  return y;
}

function drawCertificate(page: PDFPage, doc: PdfDocument, fonts: Fonts, top: number) {
  let y = top - 60;
  centered(page, 'CERTIFICATE OF VOLUNTEER SERVICE', y, fonts.bold, 22, ACCENT);
  y -= 56;
  centered(page, 'This certifies that', y, fonts.regular, 14, MUTED);
  y -= 48;
  const name = printable(doc.volunteerName, fonts);
  centered(page, name, y, fonts.bold, fittingSize(name, fonts.bold, 30, CONTENT_WIDTH, 12));
  y -= 44;
  const role = printable(doc.role, fonts).toLowerCase();
  y = centeredParagraph(
    page,
    printable(`has served with ${doc.ngoName} as a ${role}`, fonts),
    y,
    fonts.regular,
    14,
  );
  y = centeredParagraph(page, `during ${periodText(doc.periodFrom, doc.periodTo)},`, y, fonts.regular, 14);
  y -= 14;
  centered(page, `${hoursText(doc.minutes)} hours`, y, fonts.bold, 26, ACCENT);
  y -= 30;
  centered(page, 'of approved volunteer work.', y, fonts.regular, 14);
  y -= 56;
  centered(page, `Issued on ${longDay(doc.issuedAt)}`, y, fonts.regular, 12, MUTED);
  drawSigner(page, doc, fonts, y - 70, 'center');
}

function drawLetter(page: PDFPage, doc: PdfDocument, fonts: Fonts, top: number) {
  const date = longDay(doc.issuedAt);
  page.drawText(date, {
    x: A4[0] - MARGIN - fonts.regular.widthOfTextAtSize(date, 11),
    y: top,
    size: 11,
    font: fonts.regular,
    color: MUTED,
  });
  let y = top - 34;
  page.drawText('Reference letter', { x: MARGIN, y, size: 18, font: fonts.bold, color: ACCENT });
  y -= 34;
  // One page always: the body shrinks until it fits above the signer and the verification footer.
  const bottom = MARGIN + QR_SIZE + 110;
  const paragraphs = doc.body.split('\n').map((p) => printable(p, fonts));
  let size = 11.5;
  let lines: string[][] = [];
  for (; size >= 6; size -= 0.5) {
    lines = paragraphs.map((p) => wrap(p, fonts.regular, size, CONTENT_WIDTH));
    const height = lines.reduce((h, l) => h + Math.max(1, l.length) * size * 1.45, 0);
    if (y - height >= bottom) break;
  }
  for (const paragraph of lines) {
    if (paragraph.length === 0) y -= size * 1.45;
    for (const line of paragraph) {
      if (y < bottom) break;
      page.drawText(line, { x: MARGIN, y, size, font: fonts.regular, color: INK });
      y -= size * 1.45;
    }
  }
  drawSigner(page, doc, fonts, y - 36, 'left');
}

/** The signature line with the signer's name and title, or the NGO's name when no signer is set. */
function drawSigner(page: PDFPage, doc: PdfDocument, fonts: Fonts, y: number, align: 'center' | 'left') {
  const width = 200;
  const x = align === 'center' ? (A4[0] - width) / 2 : MARGIN;
  page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.75, color: MUTED });
  const rows: [string, PDFFont, number][] = doc.signerName
    ? [
        [printable(doc.signerName, fonts), fonts.bold, 12],
        [printable(doc.signerTitle, fonts), fonts.regular, 11],
      ]
    : [[printable(`For ${doc.ngoName}`, fonts), fonts.bold, 12]];
  let rowY = y - 16;
  for (const [text, font, size] of rows) {
    if (!text) continue;
    const shown = wrap(text, font, size, width + 100)[0] ?? '';
    const rowX = align === 'center' ? (A4[0] - font.widthOfTextAtSize(shown, size)) / 2 : x;
    page.drawText(shown, { x: rowX, y: rowY, size, font, color: INK });
    rowY -= size * 1.4;
  }
}

/**
 * The QR code of the verification address, as one filled path of rectangles: runs of dark modules
 * merged along each row, and a run repeated on the next row grown down rather than drawn again. Raw
 * `re` operators and a single fill, because pdf-lib's drawRectangle costs about a third of a
 * millisecond each (a few hundred of them were most of a certificate's rendering time).
 */
function drawQr(page: PDFPage, url: string, x: number, y: number, size: number) {
  const matrix = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules;
  // The quiet zone scanners expect (four modules), inside the drawn square.
  const quiet = 4;
  const cell = size / (matrix.size + 2 * quiet);
  const rects: { col: number; row: number; width: number; height: number }[] = [];
  let open = new Map<string, number>();
  for (let row = 0; row < matrix.size; row++) {
    const next = new Map<string, number>();
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.get(row, col)) col++;
      const key = `${start}:${col}`;
      const above = open.get(key);
      if (above !== undefined) {
        rects[above]!.height++;
        next.set(key, above);
      } else {
        next.set(key, rects.push({ col: start, row, width: col - start, height: 1 }) - 1);
      }
    }
    open = next;
  }
  page.pushOperators(
    pushGraphicsState(),
    setFillingRgbColor(0, 0, 0),
    ...rects.map((r) =>
      rectangle(
        x + (r.col + quiet) * cell,
        y + size - (r.row + quiet + r.height) * cell,
        r.width * cell,
        r.height * cell,
      ),
    ),
    fill(),
    popGraphicsState(),
  );
}

function drawVerification(page: PDFPage, doc: PdfDocument, fonts: Fonts, verifyUrl: string) {
  const y = MARGIN;
  drawQr(page, verifyUrl, MARGIN, y, QR_SIZE);
  const x = MARGIN + QR_SIZE + 14;
  const width = A4[0] - MARGIN - x;
  let rowY = y + QR_SIZE - 18;
  page.drawText('Verification code', { x, y: rowY, size: 9, font: fonts.regular, color: MUTED });
  rowY -= 18;
  page.drawText(formatCode(doc.code), { x, y: rowY, size: 16, font: fonts.bold, color: INK });
  rowY -= 20;
  page.drawText('Scan the code or open this address to check that the document is genuine:', {
    x,
    y: rowY,
    size: 8.5,
    font: fonts.regular,
    color: MUTED,
  });
  rowY -= 13;
  for (const line of wrap(printable(verifyUrl, fonts), fonts.regular, 9, width)) {
    page.drawText(line, { x, y: rowY, size: 9, font: fonts.regular, color: ACCENT });
    rowY -= 11;
  }
}

/** The document's PDF bytes: one A4 page (a pure function of its arguments; the bench times it). */
export async function renderDocumentPdf(doc: PdfDocument, options: PdfOptions): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = pdf.embedStandardFont(StandardFonts.Helvetica);
  const bold = pdf.embedStandardFont(StandardFonts.HelveticaBold);
  const fonts: Fonts = { regular, bold, printable: new Set(regular.getCharacterSet()) };
  const kindTitle = doc.kind === 'certificate' ? 'Volunteer certificate' : 'Reference letter';
  pdf.setTitle(printable(`${kindTitle}: ${doc.volunteerName}`, fonts));
  pdf.setAuthor(printable(doc.ngoName, fonts));
  pdf.setSubject(`Verification code ${formatCode(doc.code)}`);
  pdf.setProducer('NGO Portal');
  pdf.setCreator('NGO Portal');
  pdf.setCreationDate(new Date(doc.issuedAt));
  pdf.setModificationDate(new Date(doc.issuedAt));

  const page = pdf.addPage(A4);
  const logo = await embedLogo(pdf, options.logo);
  const top = drawHeader(page, doc, fonts, logo);
  if (doc.kind === 'certificate') drawCertificate(page, doc, fonts, top);
  else drawLetter(page, doc, fonts, top);
  drawVerification(page, doc, fonts, options.verifyUrl);
  return pdf.save();
}
