import { Share2 } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { CopyField } from '@/components/ui/copy-field';

/** The embed snippet: fixed height (the embed never resizes its host), width up to a phone card's. */
export function embedSnippet(publicUrl: string, title: string): string {
  const safeTitle = title.replace(
    /[&"<>]/g,
    (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!,
  );
  return `<iframe src="${publicUrl}" title="${safeTitle}" width="100%" height="820" style="border:0;max-width:480px" loading="lazy"></iframe>`;
}

/** The 'Share' panel of a cause: its public page (the embed, usable on its own) and the iframe code. */
export function SharePanel({
  causeId,
  title,
  published,
}: {
  causeId: string;
  title: string;
  published: boolean;
}) {
  const publicUrl = `${window.location.origin}/cause-embed/${encodeURIComponent(causeId)}`;
  const snippet = embedSnippet(publicUrl, title);
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Share2 aria-hidden className="size-5" />
        Share
      </h2>
      {!published && (
        <p className="text-sm text-amber-800 dark:text-amber-200">
          This cause is a draft: the public page and the embed show it only once it is published.
        </p>
      )}
      <div className="flex flex-col gap-1">
        <CopyField label="Public link" value={publicUrl} what="Link" copyLabel="Copy link" />
        <a
          href={publicUrl}
          target="_blank"
          rel="noopener"
          className="self-start text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100"
        >
          Open the public page
        </a>
      </div>
      <CopyField
        label="Embed on your website"
        value={snippet}
        what="Embed code"
        copyLabel="Copy embed code"
        multiline
      />
    </Card>
  );
}
