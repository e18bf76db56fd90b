import { formatCode, type IssuedDocument } from '@contract/documents';
import { Ban, Download, Link2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { kindLabel } from '../documents-filter';
import { hoursLabel, instantLabel, periodLabel } from '../format';
import { DocumentStatusBadge } from './document-badges';

export interface DocumentCardProps {
  doc: IssuedDocument;
  canRevoke: boolean;
  /** Set while offline: the id of the note saying why downloading and revoking wait. */
  offlineNoteId?: string;
  onDownload: (doc: IssuedDocument) => Promise<void>;
  onCopyLink: (doc: IssuedDocument) => void;
  onRevoke: (doc: IssuedDocument, from: HTMLElement) => void;
}

/** One issued document: what it says, its code and status, and what can be done with it. */
export function DocumentCard({
  doc,
  canRevoke,
  offlineNoteId,
  onDownload,
  onCopyLink,
  onRevoke,
}: DocumentCardProps) {
  const [downloading, setDownloading] = useState(false);
  const title = `${kindLabel[doc.kind]} for ${doc.volunteerName}`;
  const download = async () => {
    setDownloading(true);
    try {
      await onDownload(doc);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card className="flex h-full flex-col gap-3 p-4" role="article" aria-label={title}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{kindLabel[doc.kind]}</p>
          <h2 className="text-lg font-semibold break-words">{doc.volunteerName}</h2>
        </div>
        <DocumentStatusBadge status={doc.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">Period</dt>
        <dd>{periodLabel(doc.periodFrom, doc.periodTo)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Approved hours</dt>
        <dd>{hoursLabel(doc.minutes)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Code</dt>
        <dd className="font-mono font-semibold tracking-wide">{formatCode(doc.code)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Issued</dt>
        <dd>
          <time dateTime={doc.issuedAt}>{instantLabel(doc.issuedAt)}</time>
          {doc.issuedByName && ` by ${doc.issuedByName}`}
        </dd>
        {doc.status === 'revoked' && (
          <>
            <dt className="text-slate-600 dark:text-slate-400">Revoked on</dt>
            <dd>
              {doc.revokedAt && <time dateTime={doc.revokedAt}>{instantLabel(doc.revokedAt)}</time>}
              {doc.revokedReason && `: ${doc.revokedReason}`}
            </dd>
          </>
        )}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <Button
          variant="secondary"
          aria-label={`Download PDF: ${title}`}
          pending={downloading}
          pendingLabel="Downloading..."
          disabled={Boolean(offlineNoteId)}
          aria-describedby={offlineNoteId}
          onClick={() => void download()}
        >
          <Download aria-hidden className="size-4" />
          Download PDF
        </Button>
        <Button
          variant="ghost"
          aria-label={`Copy verification link: ${title}`}
          onClick={() => onCopyLink(doc)}
        >
          <Link2 aria-hidden className="size-4" />
          Copy verification link
        </Button>
        {canRevoke && doc.status === 'valid' && (
          <Button
            variant="ghost"
            className="text-red-700 dark:text-red-300"
            aria-label={`Revoke: ${title}`}
            disabled={Boolean(offlineNoteId)}
            aria-describedby={offlineNoteId}
            onClick={(event) => onRevoke(doc, event.currentTarget)}
          >
            <Ban aria-hidden className="size-4" />
            Revoke
          </Button>
        )}
      </div>
    </Card>
  );
}
