import { campaignStatusLabels } from '@contract/campaigns';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Megaphone, Plus, X } from 'lucide-react';
import { ListingStatus, MoreRow } from '@/components/listing/listing-results';
import { CardGridSkeleton, FirstLoadFailed } from '@/components/listing/listing-states';
import { OfflineListNote } from '@/components/offline-list-note';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { usePagedListing } from '@/lib/listing/use-paged-listing';
import { campaignsQueryOptions } from '../api/get-campaigns';
import { campaignsListing } from '../campaigns-listing-definition';
import { CAMPAIGN_STATUSES, type CampaignFilter } from '../campaigns-search';
import { CampaignCard } from './campaign-card';

const nouns = { one: 'campaign', many: 'campaigns' };

/**
 * The campaigns sent and scheduled, newest first, filtered by status in the address, a page at a
 * time ('Load more'). Once seen they open offline (offline.ts).
 */
export function CampaignList({
  filter,
  onFilterChange,
  crossNgo,
}: {
  filter: CampaignFilter;
  onFilterChange: (filter: CampaignFilter) => void;
  crossNgo: boolean;
}) {
  const listing = usePagedListing(campaignsListing, { filter, onFilterChange });
  // The same query, observed for what the listing hook leaves out: a first page that failed, Retry.
  const query = useInfiniteQuery(campaignsQueryOptions(filter));
  const { items, offline } = listing;
  const filtered = Boolean(filter.status);
  const nothingSaved = offline && listing.savedAt === undefined;
  const firstLoadFailed = query.isError && !query.data && !offline;
  const clear = () => onFilterChange({});

  return (
    <section aria-label="Campaigns" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full sm:w-56">
          <SelectField
            label="Status"
            value={filter.status ?? ''}
            onChange={(event) => {
              const status = CAMPAIGN_STATUSES.find((s) => s === event.target.value);
              onFilterChange(status ? { status } : {});
            }}
          >
            <option value="">All statuses</option>
            {CAMPAIGN_STATUSES.map((status) => (
              <option key={status} value={status}>
                {campaignStatusLabels[status]}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ListingStatus
            count={firstLoadFailed || nothingSaved ? undefined : listing.count}
            nouns={nouns}
            loadingText={firstLoadFailed || nothingSaved ? 'Campaigns not loaded' : 'Loading campaigns...'}
            updating={listing.updating}
          />
          {filtered && (
            <Button variant="ghost" onClick={clear}>
              <X aria-hidden className="size-4" />
              Clear filter
            </Button>
          )}
        </div>
      </div>

      {offline && items !== undefined && <OfflineListNote savedAt={listing.savedAt} />}

      {firstLoadFailed ? (
        <FirstLoadFailed
          error={query.error}
          fallback="The campaigns could not be loaded."
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : items === undefined ? (
        <CardGridSkeleton
          label="Loading campaigns"
          lines={['h-4 w-20', 'h-5 w-2/3', 'h-4 w-1/2', 'h-1.5 w-full']}
          fetchStatus={query.fetchStatus}
        />
      ) : nothingSaved ? null : items.length === 0 ? (
        <Card className="flex flex-col items-start gap-3">
          <Megaphone aria-hidden className="size-8 text-brand-600 dark:text-brand-100" />
          {filtered ? (
            <>
              <p className="font-semibold">
                No {campaignStatusLabels[filter.status!].toLowerCase()} campaigns.
              </p>
              <Button variant="secondary" onClick={clear}>
                Show all campaigns
              </Button>
            </>
          ) : (
            <>
              <p className="font-semibold">No campaigns yet.</p>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                Write one message and send it to your members by email, in-app notification or text message,
                now or at a time you choose.
              </p>
              <Link to="/admin/bulk-email" search={{ new: 1 }} className={buttonClass('primary')}>
                <Plus aria-hidden className="size-4" />
                New campaign
              </Link>
            </>
          )}
        </Card>
      ) : (
        <ul aria-label="Campaign list" className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {items.map((campaign) => (
            <li key={campaign.id}>
              <CampaignCard campaign={campaign} crossNgo={crossNgo} />
            </li>
          ))}
        </ul>
      )}

      {listing.more === 'idle' ? (
        <Button variant="secondary" className="self-center" onClick={listing.loadMore}>
          Load more
        </Button>
      ) : (
        listing.more !== 'narrowed' && (
          <MoreRow more={listing.more} nouns={nouns} onRetry={listing.loadMore} />
        )
      )}
    </section>
  );
}
