import { Copy, Share2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { notify } from '@/lib/notify';

/** The embed snippet: fixed height (the embed never resizes its host), width up to a phone card's. */
export function embedSnippet(publicUrl: string, title: string): string {
  const safeTitle = title.replace(
    /[&"<>]/g,
    (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!,
  );
  return `<iframe src="${publicUrl}" title="${safeTitle}" width="100%" height="820" style="border:0;max-width:480px" loading="lazy"></iframe>`;
}

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(`${what} copied.`);
  } catch {
    notify.error(`Could not copy the ${what.toLowerCase()}. Select it and copy it by hand.`);
  }
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
  const linkId = useId();
  const codeId = useId();
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
        <label htmlFor={linkId} className="text-sm font-medium">
          Public link
        </label>
        <div className="flex gap-2">
          <input
            id={linkId}
            readOnly
            value={publicUrl}
            onFocus={(e) => e.currentTarget.select()}
            className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm dark:border-slate-700 dark:bg-slate-950"
          />
          <Button
            variant="secondary"
            aria-label="Copy public link"
            onClick={() => void copy(publicUrl, 'Link')}
          >
            <Copy aria-hidden className="size-4" />
          </Button>
        </div>
        <a
          href={publicUrl}
          target="_blank"
          rel="noopener"
          className="self-start text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100"
        >
          Open the public page
        </a>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={codeId} className="text-sm font-medium">
          Embed on your website
        </label>
        <textarea
          id={codeId}
          readOnly
          rows={4}
          value={snippet}
          onFocus={(e) => e.currentTarget.select()}
          className="rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs dark:border-slate-700 dark:bg-slate-950"
        />
        <Button variant="secondary" className="self-start" onClick={() => void copy(snippet, 'Embed code')}>
          <Copy aria-hidden className="size-4" />
          Copy embed code
        </Button>
      </div>
    </Card>
  );
}
