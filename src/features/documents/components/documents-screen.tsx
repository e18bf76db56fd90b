import { verifyPath, type IssuedDocument } from '@contract/documents';
import { can } from '@contract/permissions';
import { useInfiniteQuery } from '@tanstack/react-query';
import { FileBadge, Files, Plus, Settings, X } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { FirstLoadFailed } from '@/components/listing/listing-states';
import { ListingStatus, MoreRow } from '@/components/listing/listing-results';
import { OfflineListNote } from '@/components/offline-list-note';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { copyText } from '@/components/ui/copy-field';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { SearchField } from '@/components/ui/search-field';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { serverErrorMessage } from '@/lib/form-errors';
import { filterSearchParams } from '@/lib/listing/listing-definition';
import { usePagedListing } from '@/lib/listing/use-paged-listing';
import { notify } from '@/lib/notify';
import { downloadDocumentPdf } from '../api/download-document';
import { documentsQueryOptions } from '../api/get-documents';
import {
  DOCUMENT_KINDS,
  DOCUMENT_STATUSES,
  isFiltered,
  kindLabel,
  statusLabel,
  type DocumentFilter,
} from '../documents-filter';
import { documentsListing } from '../documents-listing-definition';
import { BulkIssueDialog } from './bulk-issue-dialog';
import { DocumentCard } from './document-card';
import { DocumentSettingsDialog } from './document-settings-dialog';
import { IssueDocumentDialog } from './issue-document-dialog';
import { RevokeDocumentDialog } from './revoke-document-dialog';

const nouns = { one: 'document', many: 'documents' };
/** Typing pauses this long before the search goes into the address and to the server. */
export const SEARCH_DEBOUNCE_MS = 350;

export interface DocumentsScreenProps {
  /** The committed filter: the URL's. */
  filter: DocumentFilter;
  /** Commits a filter to the URL, which drives the query (the route navigates). */
  onFilterChange: (filter: DocumentFilter) => void;
  viewer: { id: string; role: string };
}

type Opened = 'issue' | 'bulk' | 'settings' | null;

/** The address a QR code and a copied link lead to, on this site. */
const verificationLink = (code: string) => `${window.location.origin}${verifyPath(code)}`;

/**
 * /volunteer/certificates: the documents issued (certificates and reference letters), newest first,
 * each with its code, status and PDF. A volunteer sees their own; staff, analysts and viewers the
 * NGO's, with filters; admins also issue (one, or to many), revoke and edit the document settings.
 * The list seen last opens offline; downloads and writes need a connection. The server checks every
 * request.
 */
export function DocumentsScreen({ filter, onFilterChange, viewer }: DocumentsScreenProps) {
  const listing = usePagedListing(documentsListing, { filter, onFilterChange });
  // The same query, observed for what the listing hook leaves out: a first page that failed, Retry.
  const query = useInfiniteQuery(documentsQueryOptions(filter));
  const { form, offline } = listing;
  const canIssue = can(viewer.role, 'documents:issue');
  // A volunteer's list is their own: a handful of documents, nothing to filter.
  const showFilters = viewer.role.toUpperCase() !== 'VOLUNTEER';
  const [opened, setOpened] = useState<Opened>(null);
  const [revoking, setRevoking] = useState<IssuedDocument | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const offlineNoteId = useId();

  const draftQ = (form.draft.q ?? '').trim();
  const committedQ = filter.q ?? '';
  const commit = (patch: DocumentFilter) =>
    onFilterChange(filterSearchParams(documentsListing, { ...filter, q: draftQ, ...patch }));
  const commitSearch = useEffectEvent((q: string) => commit({ q }));
  useEffect(() => {
    if (draftQ === committedQ) return;
    const timer = setTimeout(() => commitSearch(draftQ), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draftQ, committedQ]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    commit({});
  };

  const download = async (doc: IssuedDocument) => {
    try {
      await downloadDocumentPdf(doc);
    } catch (error) {
      notify.error(serverErrorMessage(error, 'The PDF could not be downloaded. Try again.'));
    }
  };
  const copyLink = (doc: IssuedDocument) => {
    const link = verificationLink(doc.code);
    void copyText(link, 'Verification link').then((copied) => {
      // Refused (no HTTPS, a denied permission): the link is shown to copy by hand.
      if (!copied) notify.message(`Copy this verification link: ${link}`);
    });
  };
  const revoke = (doc: IssuedDocument, from: HTMLElement) => {
    opener.current = from;
    setRevoking(doc);
  };
  const returnFocus = (event: Event) => {
    if (!opener.current?.isConnected) return;
    event.preventDefault();
    opener.current.focus();
  };

  const items = listing.items;
  const filtered = isFiltered(filter) || Boolean(draftQ);
  const nothingSaved = offline && listing.savedAt === undefined;
  const firstLoadFailed = query.isError && !query.data && !offline;
  const openDialog = (which: Opened) => (open: boolean) => setOpened(open ? which : null);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Certificates / Letters</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            {canIssue
              ? 'Issue volunteer certificates and reference letters; anyone can check them by their code.'
              : showFilters
                ? 'The certificates and reference letters your organisation has issued.'
                : 'Your certificates and reference letters: download them, or share their verification link.'}
          </p>
        </div>
        {canIssue && (
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:items-end">
            <div className="flex flex-wrap gap-2">
              <IssueDocumentDialog
                open={opened === 'issue'}
                onOpenChange={openDialog('issue')}
                trigger={
                  <Button disabled={offline} aria-describedby={offline ? offlineNoteId : undefined}>
                    <Plus aria-hidden className="size-4" />
                    Issue document
                  </Button>
                }
              />
              <BulkIssueDialog
                open={opened === 'bulk'}
                onOpenChange={openDialog('bulk')}
                trigger={
                  <Button
                    variant="secondary"
                    disabled={offline}
                    aria-describedby={offline ? offlineNoteId : undefined}
                  >
                    <Files aria-hidden className="size-4" />
                    Issue to many
                  </Button>
                }
              />
              <DocumentSettingsDialog
                open={opened === 'settings'}
                onOpenChange={openDialog('settings')}
                trigger={
                  <Button
                    variant="secondary"
                    disabled={offline}
                    aria-describedby={offline ? offlineNoteId : undefined}
                  >
                    <Settings aria-hidden className="size-4" />
                    Document settings
                  </Button>
                }
              />
            </div>
          </div>
        )}
      </header>

      {showFilters && (
        <form
          role="search"
          aria-label="Filter documents"
          noValidate
          onSubmit={onSubmit}
          className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-end"
        >
          <SearchField
            label="Search by volunteer or code"
            value={form.draft.q ?? ''}
            onChange={(event) => form.setField('q', event.target.value)}
          />
          <SelectField
            label="Kind"
            value={filter.kind ?? ''}
            onChange={(event) =>
              commit({ kind: (event.target.value || undefined) as DocumentFilter['kind'] })
            }
          >
            <option value="">Any kind</option>
            {DOCUMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kindLabel[kind]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Status"
            value={filter.status ?? ''}
            onChange={(event) =>
              commit({ status: (event.target.value || undefined) as DocumentFilter['status'] })
            }
          >
            <option value="">Any status</option>
            {DOCUMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel[status]}
              </option>
            ))}
          </SelectField>
        </form>
      )}

      <div className="flex flex-wrap items-center justify-between gap-2">
        <ListingStatus
          count={firstLoadFailed || nothingSaved ? undefined : listing.count}
          nouns={nouns}
          loadingText={firstLoadFailed || nothingSaved ? 'Documents not loaded' : 'Loading documents...'}
          updating={listing.updating}
        />
        {filtered && (
          <Button variant="ghost" onClick={form.reset}>
            <X aria-hidden className="size-4" />
            Clear filters
          </Button>
        )}
      </div>

      {offline && (
        <NeedsNetworkNote id={offlineNoteId}>
          {canIssue
            ? 'You are offline. Downloading, issuing and revoking documents need a connection.'
            : 'You are offline. Downloading a PDF needs a connection.'}
        </NeedsNetworkNote>
      )}
      {offline && items !== undefined && <OfflineListNote savedAt={listing.savedAt} />}

      {firstLoadFailed ? (
        <FirstLoadFailed
          error={query.error}
          fallback="The documents could not be loaded."
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : items === undefined ? (
        <LoadingOrOffline fetchStatus={query.fetchStatus}>
          <div role="status" aria-label="Loading documents" className="grid gap-3 md:grid-cols-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-56 w-full" />
            ))}
          </div>
        </LoadingOrOffline>
      ) : nothingSaved ? null : items.length === 0 ? (
        <Card className="flex flex-col items-start gap-3">
          <FileBadge aria-hidden className="size-8 text-brand-600 dark:text-brand-100" />
          {filtered ? (
            <>
              <p className="font-semibold">No documents match these filters.</p>
              <Button variant="secondary" onClick={form.reset}>
                Clear filters
              </Button>
            </>
          ) : (
            <p className="font-semibold">
              {showFilters
                ? canIssue
                  ? 'No documents yet. Issue one with Issue document.'
                  : 'No documents yet.'
                : 'No certificates or letters have been issued to you yet.'}
            </p>
          )}
        </Card>
      ) : (
        <ul aria-label="Documents" className="grid gap-3 md:grid-cols-2">
          {items.map((doc) => (
            <li key={doc.id}>
              <DocumentCard
                doc={doc}
                canRevoke={canIssue}
                offlineNoteId={offline ? offlineNoteId : undefined}
                onDownload={download}
                onCopyLink={copyLink}
                onRevoke={revoke}
              />
            </li>
          ))}
        </ul>
      )}

      {listing.more === 'idle' ? (
        <Button variant="secondary" className="self-center" onClick={listing.loadMore}>
          Load more documents
        </Button>
      ) : (
        listing.more !== 'narrowed' && (
          <MoreRow more={listing.more} nouns={nouns} onRetry={listing.loadMore} />
        )
      )}

      {revoking && (
        <RevokeDocumentDialog
          doc={revoking}
          onOpenChange={(open) => !open && setRevoking(null)}
          onCloseAutoFocus={returnFocus}
        />
      )}
    </div>
  );
}
