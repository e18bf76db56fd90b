import { formatCode, isWellFormedCode, normalizeCode, type DocumentVerification } from '@contract/documents';
import { Link, useNavigate } from '@tanstack/react-router';
import { Ban, CircleHelp, CloudOff, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Field } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorStatus } from '@/lib/api-client';
import { serverErrorMessage } from '@/lib/form-errors';
import { useVerification } from '../api/get-verification';
import { kindLabel } from '../documents-filter';
import { dayOfInstant, hoursLabel, periodLabel } from '../format';

/** The code as the page shows it back: grouped when it has a code's length, else as typed. */
const shownCode = (normalized: string, raw: string) =>
  normalized.length === 10 ? formatCode(normalized) : raw.trim();

/**
 * /verify/{code}, public (anyone who scans a document's QR code or types its code): whether the
 * document is genuine, to whom it was issued and its figures, or that it was revoked. A code that
 * cannot be one (a typo its check symbol catches) is said so without asking the server.
 */
export function VerifyScreen({ code }: { code: string }) {
  const normalized = normalizeCode(code);
  const wellFormed = isWellFormedCode(normalized);
  const query = useVerification(normalized, wellFormed);
  const shown = shownCode(normalized, code);

  let content: ReactNode;
  if (!wellFormed)
    content = (
      <Verdict tone="unknown" icon={CircleHelp} title="This code is not valid — check it for typos">
        <p>
          <span className="font-mono font-semibold break-all">{shown || 'The code'}</span> is not a code we
          issue. Codes are ten letters and digits, like ABCDE-12345; the last one checks the others.
        </p>
      </Verdict>
    );
  else if (query.isError && errorStatus(query.error) === 404)
    content = (
      <Verdict tone="unknown" icon={CircleHelp} title="No document has this code">
        <p>
          No document was issued with the code <span className="font-mono font-semibold">{shown}</span>. Check
          it against the document, or ask the organisation that issued it.
        </p>
      </Verdict>
    );
  else if (query.isError)
    content = (
      <div className="flex flex-col items-start gap-3">
        <h1 className="text-2xl font-bold">The document could not be checked</h1>
        <Alert tone="error">
          {serverErrorMessage(query.error, 'Something went wrong while checking the code. Try again.')}
        </Alert>
        <Button variant="secondary" pending={query.isFetching} onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  else if (query.data) content = <Verification result={query.data} />;
  else
    content = (
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold">Checking document {shown}</h1>
        {query.fetchStatus === 'paused' ? (
          <div
            role="status"
            className="flex items-start gap-3 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
          >
            <CloudOff aria-hidden className="mt-0.5 size-5 shrink-0" />
            <p>
              <span className="font-semibold">You are offline.</span> The code is checked as soon as you are
              back online.
            </p>
          </div>
        ) : (
          <div role="status" aria-label="Checking the code" className="flex flex-col gap-3">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-48 w-full" />
          </div>
        )}
      </div>
    );

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-8 px-4 py-10">
      {content}
      <CheckAnotherCode />
    </div>
  );
}

const tones = {
  valid:
    'border-brand-500/50 bg-brand-50 text-brand-900 dark:border-brand-700 dark:bg-brand-800/30 dark:text-brand-100',
  revoked: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  unknown:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
};

/** The answer in words and an icon (never in colour only), as the page's heading. */
function Verdict({
  tone,
  icon: Icon,
  title,
  children,
}: {
  tone: keyof typeof tones;
  icon: typeof ShieldCheck;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('flex items-start gap-3 rounded-xl border p-4 sm:p-5', tones[tone])}>
      <Icon aria-hidden className="mt-1 size-7 shrink-0" />
      <div className="flex min-w-0 flex-col gap-2">
        <h1 className="text-2xl font-bold break-words">{title}</h1>
        {children && <div className="text-sm">{children}</div>}
      </div>
    </div>
  );
}

function Verification({ result }: { result: DocumentVerification }) {
  const revoked = result.status === 'revoked';
  const rows: [string, ReactNode][] = [
    ['Document', kindLabel[result.kind]],
    ['Issued to', result.volunteerName],
    ['Organisation', result.ngoName],
    ['Role', result.role],
    ['Period', periodLabel(result.periodFrom, result.periodTo)],
    ['Approved hours', hoursLabel(result.minutes)],
    ['Signed by', [result.signerName, result.signerTitle].filter(Boolean).join(', ') || '—'],
    ['Issued on', <time dateTime={result.issuedAt}>{dayOfInstant(result.issuedAt)}</time>],
    ['Code', <span className="font-mono font-semibold tracking-wide">{formatCode(result.code)}</span>],
  ];
  return (
    <div className="flex flex-col gap-4">
      {revoked ? (
        <Verdict
          tone="revoked"
          icon={Ban}
          title={`This document was revoked on ${result.revokedAt ? dayOfInstant(result.revokedAt) : 'an earlier date'}`}
        >
          <p>
            {result.ngoName} withdrew it: it no longer certifies what it says. What it said is shown below.
          </p>
        </Verdict>
      ) : (
        <Verdict tone="valid" icon={ShieldCheck} title="Genuine document">
          <p>{result.ngoName} issued this document, and it has not been revoked.</p>
        </Verdict>
      )}
      <Card className="p-4 sm:p-5">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-2">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-slate-600 dark:text-slate-400">{term}</dt>
              <dd className="mb-2 break-words text-slate-900 sm:mb-0 dark:text-slate-100">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}

/** 'Check another code': typed as printed (case, dashes and look-alikes forgiven), then verified. */
function CheckAnotherCode() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const headingId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeCode(value);
    if (!normalized) {
      setError('Type the code printed on the document.');
      return;
    }
    setError(undefined);
    void navigate({ to: '/verify/$code', params: { code: shownCode(normalized, value) } });
  };
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 pt-6 dark:border-slate-800">
      <h2 id={headingId} className="text-lg font-bold">
        Check another code
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <Field
            label="Verification code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            hint="As printed on the document, e.g. ABCDE-12345."
            error={error}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </div>
        <Button type="submit" className="sm:mt-7">
          Verify
        </Button>
      </form>
      <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
        Issued by an organisation on NGO Portal.{' '}
        <Link
          to="/"
          className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
        >
          About NGO Portal
        </Link>
      </p>
    </section>
  );
}
