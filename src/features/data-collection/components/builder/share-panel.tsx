import { Download, FileSpreadsheet, Share2 } from 'lucide-react';
import { memo, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyField } from '@/components/ui/copy-field';
import { saveBlob } from '@/lib/save-blob';
import { exportXlsForm } from '../../api/export-xlsform';
import { fillUrl } from '../../builder/fill-link';
import { fileStem } from '../../builder/same-definition';

/** The QR code of `url` as an SVG data address, drawn by `qrcode` (loaded when first needed). */
function useQrCode(url: string): string | null {
  const [svg, setSvg] = useState<{ url: string; data: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((markup) => {
        // An image of the markup, never the markup in the page: nothing of it can run or style the page.
        if (live) setSvg({ url, data: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  return svg?.url === url ? svg.data : null;
}

/**
 * 'Share': the public fill link to copy, its QR code to print or show (and download), and the form
 * as an XLSForm to open in Kobo, ODK or a spreadsheet.
 */
export const SharePanel = memo(function SharePanel({
  formId,
  title,
  published,
  open,
  dirty,
}: {
  formId: string;
  title: string;
  /** Published at least once: the link serves a version. */
  published: boolean;
  /** Taking responses now. */
  open: boolean;
  /** The builder holds changes not saved: the export is of the saved draft. */
  dirty: boolean;
}) {
  const url = fillUrl(formId);
  const qr = useQrCode(url);
  const [exporting, setExporting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const stem = fileStem(title);

  const exportFile = async () => {
    setFailure(null);
    setExporting(true);
    try {
      const { bytes, fileName } = await exportXlsForm(formId);
      saveBlob(bytes, fileName ?? `${stem}.xlsx`);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The export failed.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card className="flex flex-col gap-4">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Share2 aria-hidden className="size-5" />
        Share
      </h2>
      {!published ? (
        <p className="text-sm text-amber-800 dark:text-amber-200">
          Not published yet: the link opens the form once it is published.
        </p>
      ) : (
        !open && (
          <p className="text-sm text-amber-800 dark:text-amber-200">
            The form is closed: the link says so and takes no responses until it is opened again.
          </p>
        )
      )}
      <CopyField label="Fill link" value={url} what="Link" copyLabel="Copy link" />
      <div className="flex flex-col items-start gap-2">
        {qr ? (
          <img
            src={qr}
            alt={`QR code of the fill link of ${title}`}
            width={176}
            height={176}
            className="size-44 rounded-lg border border-slate-200 bg-white p-1 dark:border-slate-700"
          />
        ) : (
          <div aria-hidden className="size-44 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
        )}
        {qr && (
          <a
            href={qr}
            download={`${stem}-qr.svg`}
            className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100"
          >
            <Download aria-hidden className="size-4" />
            Download QR
          </a>
        )}
      </div>
      <div className="flex flex-col items-start gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        <Button
          variant="secondary"
          pending={exporting}
          pendingLabel="Exporting..."
          onClick={() => void exportFile()}
        >
          <FileSpreadsheet aria-hidden className="size-4" />
          Export XLSForm
        </Button>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          The saved draft as an .xlsx for KoboToolbox, ODK or a spreadsheet.
          {dirty && ' Save first to include your latest changes.'}
        </p>
        {failure && <Alert tone="error">{failure}</Alert>}
      </div>
    </Card>
  );
});
