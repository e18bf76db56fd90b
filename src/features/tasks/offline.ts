import type { OfflineRegistration } from '@/lib/offline-registration';

/**
 * What the tasks screen keeps for reading offline: the lists of tasks seen (the unfiltered list, and
 * the newest few filters and calendar months), and the active volunteers a task may be given to. Per
 * user (a volunteer's own assignments): wiped at logout or a 401. Keys: tasksQueryKeys (api/query-keys.ts).
 */
export const tasksOffline: OfflineRegistration = {
  root: 'tasks',
  persist: ['list', 'volunteers'],
  filteredLists: ['list'],
};
