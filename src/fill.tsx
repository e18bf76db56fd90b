import '@/lib/storage-guard';
import '@/lib/install-prompt';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FILL_PAGE_PATH, FORM_DEFINITION_DATA_ID } from '@contract/server-rendered-pages';
import { browserXPathHost } from '@contract/forms/engine/browser-host';
import { FormFrame } from '@/components/layouts/form-frame';
import {
  formFillQueryKeys,
  publicDefinitionQueryOptions,
} from '@/features/data-collection/api/get-public-definition';
import { FillPage } from '@/features/data-collection/components/fill/fill-page';
import { formFillOffline } from '@/features/data-collection/fill/offline';
import { composeOfflinePolicy } from '@/lib/offline-registration';
import { startOutbox } from '@/lib/outbox';
import { registerServiceWorker } from '@/lib/pwa';
import { createQueryClient } from '@/lib/query-client';
import { connectOnlineManager, onRestored, persistOptions } from '@/lib/query-persistence';
import { FILL_PERSIST_STORAGE_KEY } from '@/lib/query-persistence-policy';
import { syncThemeOnStart } from '@/lib/theme';
import './fill.css';

/*
 * The public fill page's own entry (issue 14, ADR 0039). A volunteer opens the link on a slow phone,
 * often as their first visit: this loads React, the query client, the outbox and the form's renderer
 * and engine only (no router, no route tree, no zod). The server puts the published definition in
 * the page (online); the worker answers this page from its precache and the definition from its
 * cache (offline). The app's route for the same path stays for links inside the app.
 */

function formIdOfPage() {
  try {
    return decodeURIComponent(FILL_PAGE_PATH.exec(window.location.pathname)?.[1] ?? '');
  } catch {
    return '';
  }
}

/** The definition the server put in the page (online), else nothing: the query asks for it. */
function embeddedDefinition(): unknown {
  const text = document.getElementById(FORM_DEFINITION_DATA_ID)?.textContent;
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

const formId = formIdOfPage();

syncThemeOnStart();
const queryClient = createQueryClient();
const embedded = embeddedDefinition();
if (embedded) queryClient.setQueryData(formFillQueryKeys.definition(formId), embedded);
// The evaluator's module loads beside the definition, not after it.
void browserXPathHost().catch(() => undefined);
void queryClient.query(publicDefinitionQueryOptions(formId)).catch(() => undefined);

// Only the fill page's queries are kept, under a key of their own: the app's persisted cache (other
// screens read offline) is never rewritten from this page.
const offline = composeOfflinePolicy([formFillOffline]);
connectOnlineManager();
startOutbox();
formFillOffline.resume?.(queryClient);
void registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions(queryClient, offline, FILL_PERSIST_STORAGE_KEY)}
      onSuccess={() => onRestored(queryClient, offline, FILL_PERSIST_STORAGE_KEY)}
    >
      <FormFrame>
        <FillPage formId={formId} />
      </FormFrame>
    </PersistQueryClientProvider>
  </StrictMode>,
);
