const codeClass = 'rounded bg-slate-100 px-1 font-mono text-[0.9em] dark:bg-slate-800';
const preClass =
  'mt-2 rounded-lg bg-slate-900 p-4 font-mono text-sm break-words whitespace-pre-wrap text-slate-100 dark:bg-black/60';

const errorExample = `{
  "message": "Some fields are invalid.",
  "code": "validation_failed",
  "fields": { "email": "Enter a valid email address." }
}`;

export function ApiIntro() {
  return (
    <section aria-labelledby="api-basics" className="flex flex-col gap-4">
      <h2 id="api-basics" className="text-2xl font-bold">
        Basics
      </h2>
      <dl className="flex flex-col gap-4 text-slate-800 dark:text-slate-200">
        <div>
          <dt className="font-semibold">Base URL</dt>
          <dd className="mt-1">
            Every path starts with <code className={codeClass}>/api</code> on the address you use for the
            portal, for example <code className={codeClass}>GET /api/health</code>.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">JSON</dt>
          <dd className="mt-1">
            Requests and responses are JSON. Send{' '}
            <code className={codeClass}>Content-Type: application/json</code> with a body; times are ISO 8601
            in UTC, money is an integer amount in minor units plus an ISO currency code.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Bearer tokens</dt>
          <dd className="mt-1">
            Sign in with <code className={codeClass}>POST /api/auth/signin</code> to get a token, then send it
            on each call marked “Requires a bearer token”:{' '}
            <code className={codeClass}>Authorization: Bearer &lt;token&gt;</code>. A missing or expired token
            answers 401.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Errors</dt>
          <dd className="mt-1">
            Every error has the same shape, <code className={codeClass}>{'{ message, code, fields? }'}</code>:
            a sentence you can show to people, a stable machine-readable code, and for invalid input the
            message of each bad field.
            <pre className={preClass}>
              <code>{errorExample}</code>
            </pre>
          </dd>
        </div>
      </dl>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The reference below is read live from the server's OpenAPI document,{' '}
        <a
          href="/api/openapi.json"
          className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100"
        >
          /api/openapi.json
        </a>
        , so it always matches the running version.
      </p>
    </section>
  );
}
