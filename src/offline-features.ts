import { activityOffline } from '@/features/activity/offline';
import { blogsOffline } from '@/features/blogs/offline';
import { campaignsOffline } from '@/features/campaigns/offline';
import { chatOffline } from '@/features/chat/offline';
import { causesOffline } from '@/features/causes/offline';
import { dashboardOffline } from '@/features/dashboard/offline';
import { formFillOffline } from '@/features/data-collection/fill/offline';
import { formsOffline } from '@/features/data-collection/offline';
import { formResponsesOffline } from '@/features/data-collection/responses/offline';
import { docsOffline } from '@/features/docs/offline';
import { documentsOffline } from '@/features/documents/offline';
import { grantsOffline } from '@/features/grants/offline';
import { membersOffline } from '@/features/members/offline';
import { notificationsOffline } from '@/features/notifications/offline';
import { billingOffline } from '@/features/settings/offline';
import { storageOffline } from '@/features/storage/offline';
import { tasksOffline } from '@/features/tasks/offline';
import { ticketsOffline } from '@/features/tickets/offline';
import type { OfflineRegistration } from '@/lib/offline-registration';

/**
 * Every feature's offline registration, which main.tsx composes into the persistence policy and the
 * logout wipe. A feature that keeps something for reading offline adds its registration here.
 */
export const offlineFeatures: readonly OfflineRegistration[] = [
  grantsOffline,
  blogsOffline,
  causesOffline,
  dashboardOffline,
  billingOffline,
  docsOffline,
  storageOffline,
  formFillOffline,
  formsOffline,
  formResponsesOffline,
  membersOffline,
  tasksOffline,
  activityOffline,
  documentsOffline,
  chatOffline,
  ticketsOffline,
  campaignsOffline,
  notificationsOffline,
];
