import type { CampaignReport } from '@contract/campaigns';
import { can } from '@contract/permissions';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Plus } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import {
  campaignFilterOf,
  recipientFilterOf,
  type CampaignFilter,
  type CampaignsSearch,
  type RecipientFilter,
} from '../campaigns-search';
import { CampaignList } from './campaign-list';
import { CampaignReportView } from './campaign-report';
import { Composer } from './composer';
import { NotForYourRole } from './not-for-your-role';

export interface CampaignsViewer {
  id: string;
  role: string;
}

export interface CampaignsScreenProps {
  /** The URL's search params (campaigns-search.ts). */
  search: CampaignsSearch;
  /** Replaces the URL's search params. */
  onSearchChange: (search: CampaignsSearch, options?: { replace?: boolean }) => void;
  viewer: CampaignsViewer;
}

/**
 * 'Send Notification' (issue 16): the campaigns sent and scheduled; the composer (`?new=1`), a full
 * page so it works on a phone; a campaign's report (`?campaign=<id>`). The server decides who may
 * send to whom; SUPER_ADMIN crosses organisations. Anyone without `campaigns:send` is told it is not
 * for their role.
 */
export function CampaignsScreen({ search, onSearchChange, viewer }: CampaignsScreenProps) {
  // A convenience only: the server refuses every campaign request to anyone else.
  if (!can(viewer.role, 'campaigns:send')) return <NotForYourRole />;
  return <Campaigns search={search} onSearchChange={onSearchChange} viewer={viewer} />;
}

function Campaigns({ search, onSearchChange, viewer }: CampaignsScreenProps) {
  const superAdmin = viewer.role === 'SUPER_ADMIN';
  const listSearch = search.status ? { status: search.status } : {};
  const back = (
    <Link to="/admin/bulk-email" search={listSearch} className={buttonClass('ghost', 'self-start px-2')}>
      <ArrowLeft aria-hidden className="size-4" />
      Back to campaigns
    </Link>
  );

  const view = search.new ? 'compose' : search.campaign ? 'report' : 'list';
  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {view === 'compose' ? 'New campaign' : 'Send Notification'}
          </h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            {view === 'compose'
              ? 'Write it once; each person gets it with their own name and details, on the channels you choose.'
              : 'Email, in-app notifications and text messages to your members, now or at a set time.'}
          </p>
        </div>
        {view === 'list' && (
          <Link
            to="/admin/bulk-email"
            search={{ ...listSearch, new: 1 }}
            className={buttonClass('primary', 'self-start')}
          >
            <Plus aria-hidden className="size-4" />
            New campaign
          </Link>
        )}
      </header>

      {view === 'compose' ? (
        <>
          {back}
          <Composer
            superAdmin={superAdmin}
            onCreated={(report: CampaignReport) => onSearchChange({ campaign: report.id }, { replace: true })}
          />
        </>
      ) : view === 'report' ? (
        <>
          {back}
          <CampaignReportView
            key={search.campaign}
            campaignId={search.campaign!}
            crossNgo={superAdmin}
            recipientFilter={recipientFilterOf(search)}
            onRecipientFilterChange={(filter: RecipientFilter) =>
              onSearchChange(
                { ...search, recipientStatus: filter.status, channel: filter.channel },
                { replace: true },
              )
            }
          />
        </>
      ) : (
        <CampaignList
          filter={campaignFilterOf(search)}
          onFilterChange={(filter: CampaignFilter) => onSearchChange(filter, { replace: true })}
          crossNgo={superAdmin}
        />
      )}
    </div>
  );
}
