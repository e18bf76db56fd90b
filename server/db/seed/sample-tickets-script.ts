import type { TicketAudience, TicketCategory, TicketPriority, TicketStatus } from '../../../contract/tickets';
import type { Who } from './sample-chat-script';

/*
 * The demo's tickets and feedback (issue 16): what a Kigali NGO's team asks its admins and the
 * platform's support over two months. Times are minutes after the ticket was opened; `daysAgo` and
 * `hour` (Kigali time, UTC+2) place the opening. Each step is what the API would have done: a reply
 * or an internal note, and/or a status change, by one person.
 */

export interface TicketStep {
  by: Who;
  after: number;
  reply?: string;
  internal?: boolean;
  status?: TicketStatus;
}

export interface SampleTicket {
  subject: string;
  /** For the one made from chat: the chat message's text is its description (sourceMessage). */
  description: string;
  category: TicketCategory;
  priority: TicketPriority;
  audience: TicketAudience;
  by: Who;
  assignee?: Who;
  /** Minutes after opening when the assignee took it (by themselves). */
  assignedAfter?: number;
  daysAgo: number;
  hour: number;
  /** Opened this many minutes before the seeding instead (today's ticket). */
  minutesAgo?: number;
  /** The text of the demo chat message the ticket was made from (sample-chat-public.ts). */
  sourceMessage?: string;
  steps: TicketStep[];
  rating?: { score: number; comment: string; after: number };
}

export const SAMPLE_TICKETS: readonly SampleTicket[] = [
  {
    subject: 'Add a second NGO admin for our finance officer',
    description:
      'Our finance officer, Jean-Paul, needs to see billing and the payment history. Can you make him an NGO admin? We are on the Starter plan.',
    category: 'account',
    priority: 'normal',
    audience: 'platform',
    by: 'nadia',
    assignee: 'sam',
    assignedAfter: 35,
    daysAgo: 52,
    hour: 9,
    steps: [
      {
        by: 'sam',
        after: 140,
        reply:
          'Hello Nadia, you can invite him yourself from Staff Management with the NGO admin role; the Starter plan allows two admins. I have checked that a seat is free.',
      },
      { by: 'nadia', after: 260, reply: 'Done, he accepted the invitation. Murakoze!' },
      { by: 'sam', after: 300, status: 'resolved' },
      { by: 'nadia', after: 2900, status: 'closed' },
    ],
  },
  {
    subject: 'Cannot upload activity report photos from my phone',
    description:
      'When I add photos to my activity report the upload stops at 40% and then says “failed”. I tried three times from the Gikondo market.',
    category: 'problem',
    priority: 'normal',
    audience: 'ngo',
    by: 'grace',
    assignee: 'ada',
    assignedAfter: 20,
    daysAgo: 45,
    hour: 14,
    steps: [
      {
        by: 'ada',
        after: 95,
        reply:
          'Thanks Grace. The market has a weak signal; the report keeps the photos on your phone, so please try again on the office Wi-Fi.',
      },
      {
        by: 'ada',
        after: 100,
        internal: true,
        reply: 'Second report of this from Gikondo this month. Worth telling volunteers to wait for Wi-Fi.',
      },
      {
        by: 'grace',
        after: 1500,
        reply: 'It worked on the office Wi-Fi this morning, all six photos are in.',
      },
      { by: 'ada', after: 1520, status: 'resolved' },
      { by: 'ada', after: 4400, status: 'closed' },
    ],
    rating: { score: 4, comment: 'Sorted quickly, thank you.', after: 1600 },
  },
  {
    subject: 'How do I export volunteer hours for the donor report?',
    description:
      'The donor wants the hours per volunteer for the water project, January to March. Is there an export, or do I copy them by hand?',
    category: 'question',
    priority: 'normal',
    audience: 'ngo',
    by: 'eric',
    assignee: 'ada',
    assignedAfter: 60,
    daysAgo: 31,
    hour: 10,
    steps: [
      {
        by: 'ada',
        after: 180,
        reply:
          'Open Volunteer hours, choose the period, then “Export” at the top right of the table. It gives a spreadsheet per volunteer and month.',
        status: 'resolved',
      },
    ],
    rating: {
      score: 3,
      comment: 'Found it, but the export button is hard to see on a small screen.',
      after: 400,
    },
  },
  {
    subject: 'Password reset email went to spam',
    description:
      'I asked for a new password twice and nothing arrived. My colleague found it in the spam folder of my Gmail after two days.',
    category: 'account',
    priority: 'normal',
    audience: 'ngo',
    by: 'victor',
    assignee: 'nadia',
    assignedAfter: 240,
    daysAgo: 25,
    hour: 11,
    steps: [
      {
        by: 'nadia',
        after: 620,
        reply:
          'Sorry Victor. Please mark the message as “not spam” so the next ones arrive. I have asked support to check.',
      },
      {
        by: 'nadia',
        after: 630,
        internal: true,
        reply: 'Took over 8 hours to answer this one, the morning was the board meeting.',
      },
      { by: 'nadia', after: 2000, status: 'resolved' },
    ],
    rating: { score: 2, comment: 'Worked in the end, but it took two days to get in.', after: 2300 },
  },
  {
    subject: 'Request: Kinyarwanda version of the volunteer forms',
    description:
      'Several new volunteers in Bugesera read Kinyarwanda much better than English. Could the attendance and activity forms have a Kinyarwanda version?',
    category: 'feature',
    priority: 'low',
    audience: 'ngo',
    by: 'grace',
    daysAgo: 20,
    hour: 16,
    steps: [
      {
        by: 'nadia',
        after: 4000,
        internal: true,
        reply:
          'Translator quoted 60,000 RWF for both forms. Waiting for the budget review before answering Grace.',
      },
    ],
  },
  {
    subject: 'Leaking tap at Nyamata water point 3',
    description: '',
    category: 'problem',
    priority: 'high',
    audience: 'ngo',
    by: 'eric',
    assignee: 'nadia',
    assignedAfter: 15,
    daysAgo: 13,
    hour: 10,
    sourceMessage:
      'Water point 3 in Nyamata: the tap is leaking again. The committee says the washer is worn.',
    steps: [
      {
        by: 'nadia',
        after: 50,
        reply: 'Approved: buy two spare washers and a spanner for the committee from the maintenance line.',
      },
      { by: 'nadia', after: 55, internal: true, reply: 'Budget line 4.2 (maintenance), about 12,000 RWF.' },
      { by: 'eric', after: 1700, reply: 'Fixed! The committee treasurer changed the washer himself.' },
      { by: 'nadia', after: 1740, status: 'resolved' },
    ],
    rating: { score: 5, comment: 'Fixed the same week, and the committee can do it next time.', after: 1800 },
  },
  {
    subject: 'Donation page shows the wrong currency (USD instead of RWF)',
    description:
      'Our “School kits for Kabuga” cause shows amounts in USD. Local donors are confused and two of them called the office.',
    category: 'problem',
    priority: 'urgent',
    audience: 'platform',
    by: 'nadia',
    assignee: 'sam',
    assignedAfter: 12,
    daysAgo: 10,
    hour: 8,
    steps: [
      {
        by: 'sam',
        after: 40,
        reply:
          'Thanks Nadia, I can see it. Looking into it now; donations still go through in the right amount.',
      },
      {
        by: 'sam',
        after: 45,
        internal: true,
        reply:
          'The cause was created before the currency setting existed and kept the old default. Backfill needed.',
      },
      {
        by: 'sam',
        after: 230,
        reply: 'Fixed: the cause now shows RWF. Nothing was charged wrongly. Sorry for the trouble.',
        status: 'resolved',
      },
    ],
    rating: { score: 5, comment: 'Fixed within the morning. Great support.', after: 300 },
  },
  {
    subject: 'Dashboard numbers differ from the Q2 export',
    description:
      'The dashboard says 1,240 households reached in Q2, the export gives 1,198. Which one goes in the board report?',
    category: 'problem',
    priority: 'high',
    audience: 'platform',
    by: 'amani',
    assignee: 'sam',
    assignedAfter: 30,
    daysAgo: 8,
    hour: 13,
    steps: [
      {
        by: 'sam',
        after: 150,
        reply:
          'Hello Amani, which filters did you use for the export? The dashboard counts households with any visit; the export may exclude households marked as moved.',
        status: 'pending',
      },
    ],
  },
  {
    subject: 'Idea: SMS reminders before distributions',
    description:
      'Many families do not have smartphones. An SMS the day before a distribution would cut the no-shows we see every Saturday.',
    category: 'feedback',
    priority: 'low',
    audience: 'ngo',
    by: 'amani',
    daysAgo: 6,
    hour: 15,
    steps: [
      {
        by: 'nadia',
        after: 300,
        reply: 'Great idea, Amani. Let’s look at the cost per SMS at Friday’s team meeting.',
      },
    ],
  },
  {
    subject: 'Thank you for the new team chat!',
    description: 'The field team stopped using three WhatsApp groups. Threads are exactly what we needed.',
    category: 'feedback',
    priority: 'low',
    audience: 'platform',
    by: 'eric',
    daysAgo: 4,
    hour: 12,
    steps: [
      {
        by: 'sam',
        after: 200,
        reply: 'Thank you Eric, that is lovely to hear. Tell us what you miss in it.',
        status: 'resolved',
      },
      { by: 'eric', after: 260, status: 'closed' },
    ],
  },
  {
    subject: 'Mobile money receipt missing for the March stipend',
    description:
      'I received the March transport stipend on MoMo but there is no receipt in my documents, and I need it for my university bursary.',
    category: 'account',
    priority: 'high',
    audience: 'ngo',
    by: 'grace',
    assignee: 'nadia',
    assignedAfter: 25,
    daysAgo: 3,
    hour: 9,
    steps: [
      {
        by: 'nadia',
        after: 90,
        reply:
          'Hello Grace, can you send the transaction ID from the MoMo SMS? Then I can find it in the ledger.',
        status: 'pending',
      },
    ],
  },
  {
    subject: 'My certificate shows last year’s hours',
    description:
      'The volunteer certificate I downloaded says 86 hours, but that was last year. This year I have about 120.',
    category: 'problem',
    priority: 'normal',
    audience: 'ngo',
    by: 'grace',
    assignee: 'ada',
    assignedAfter: 30,
    daysAgo: 1,
    hour: 10,
    steps: [
      {
        by: 'ada',
        after: 45,
        reply: 'Thanks Grace, I will check which period the certificate was issued for and send a new one.',
      },
      {
        by: 'ada',
        after: 50,
        internal: true,
        reply:
          'Issued with the default period (last calendar year). Reissue with this year once the hours are approved.',
      },
    ],
  },
  {
    subject: 'A place on the first-aid course',
    description:
      'I lead the queue at distributions. Could I join the Red Cross first-aid course on the 15th with the others?',
    category: 'question',
    priority: 'normal',
    audience: 'ngo',
    by: 'grace',
    assignee: 'nadia',
    assignedAfter: 5,
    daysAgo: 0,
    hour: 0,
    minutesAgo: 110,
    steps: [],
  },
];
