import type { XlsFormIssue } from '../../api/import-xlsform';

/** An XLSForm's problems where a spreadsheet user looks for them: sheet, row, column. */
export function XlsFormIssuesTable({ issues }: { issues: readonly XlsFormIssue[] }) {
  return (
    // Wider than a phone: the region scrolls sideways, and takes the focus so a keyboard can scroll it.
    <div
      role="region"
      aria-label="Problems found in the XLSForm"
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800"
    >
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">Problems found in the XLSForm</caption>
        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Sheet
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Row
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Column
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Message
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {issues.map((issue, i) => (
            <tr key={i}>
              <td className="px-3 py-2 align-top">{issue.sheet || '–'}</td>
              <td className="px-3 py-2 align-top tabular-nums">{issue.row ?? '–'}</td>
              <td className="px-3 py-2 align-top">{issue.column ?? '–'}</td>
              <td className="px-3 py-2 align-top">{issue.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
