import type { ReactNode } from 'react';

const questions: { question: string; answer: ReactNode }[] = [
  {
    question: 'Can we start without paying?',
    answer:
      'Yes. NGO Starter costs $0 a month and needs no card. It covers a small team; upgrade when you need more members, storage or AI tokens.',
  },
  {
    question: 'How do we upgrade to a paid plan?',
    answer:
      "Sign in as your organisation's NGO admin, open Pricing and choose a plan. You pay on our payment provider's secure page, and the plan is active as soon as the payment is verified. Account Settings shows your plan, its renewal date and your payments.",
  },
  {
    question: 'How will we pay?',
    answer:
      'By card or mobile money, through our payment provider. Card and mobile-money details go straight to the provider; we never see or store them.',
  },
  {
    question: 'What do prices include?',
    answer:
      'Prices are per organisation per month, in US dollars. Team members are counted across your whole organisation, the NGO admin included. AI tokens are shared by chat, report and policy generation, and reset every month.',
  },
  {
    question: 'What happens when we reach a limit?',
    answer:
      'Nothing you already have is deleted. You cannot add more members or files, or use more AI tokens that month, until you upgrade or free some room.',
  },
  {
    question: 'Can we cancel or move to a smaller plan?',
    answer:
      'Yes, at any time. A paid plan runs to the end of the month you paid for; after that you keep using NGO Starter, within its limits.',
  },
];

export function BillingFaq() {
  return (
    <div className="flex flex-col gap-3">
      {questions.map(({ question, answer }) => (
        <details
          key={question}
          className="group rounded-xl border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900"
        >
          <summary className="cursor-pointer list-none font-semibold marker:hidden [&::-webkit-details-marker]:hidden">
            <span aria-hidden className="mr-2 inline-block transition-transform group-open:rotate-90">
              ›
            </span>
            {question}
          </summary>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{answer}</p>
        </details>
      ))}
    </div>
  );
}
