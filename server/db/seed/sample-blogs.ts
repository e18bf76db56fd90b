import type { blogs } from '../schema';
import { utcDay } from './prng';

export type SampleBlog = Omit<typeof blogs.$inferInsert, 'id' | 'createdAt'>;

interface BlogSource {
  title: string;
  category: string;
  summary: string;
  author: string;
  tone: 'informative' | 'inspirational' | 'casual' | 'formal';
  keywords: string;
  daysAgo: number;
  generated?: boolean;
  image?: boolean;
  content: string;
}

const posts: BlogSource[] = [
  {
    title: 'Five Habits of Nonprofits That Win Grants Consistently',
    category: 'Grant Writing',
    summary:
      'What organisations with a strong funding record do differently, from pipeline planning to reporting.',
    author: 'Nadia Uwase',
    tone: 'informative',
    keywords: 'grant writing, fundraising, proposals, donor relations',
    daysAgo: 2,
    image: true,
    content: `## Winning grants is a habit, not luck

Some organisations seem to land funding round after round. When we looked at the ones we work with, the difference was rarely the quality of a single proposal. It was what they did *between* proposals.

### 1. They keep a funding pipeline

A simple table of upcoming calls, their deadlines and a go/no-go decision lets the team plan weeks ahead instead of writing over a weekend.

### 2. They reuse, but never copy

Strong teams keep a library of approved text: organisational history, safeguarding policy, budget notes. Every proposal still starts from the donor's own priorities.

### 3. They talk to programme officers

A short call before writing often saves a rejected application. Ask what the fund is *not* looking for.

### 4. They show evidence

- Baseline figures from their own data collection
- Short case stories with consent from the people involved
- Costs per person reached, explained honestly

### 5. They report well

The best predictor of the next grant is the last report. Deliver it on time, explain what did not work, and share what you learned.

> Funders back organisations they trust. Trust is built between deadlines.`,
  },
  {
    title: 'Measuring Impact Without a Data Team',
    category: 'Impact Measurement',
    summary: 'A practical approach to monitoring and evaluation for small organisations with limited staff.',
    author: 'Amani Okello',
    tone: 'informative',
    keywords: 'impact measurement, monitoring and evaluation, data collection, indicators',
    daysAgo: 6,
    content: `## Start with the decisions you need to make

Impact measurement does not begin with a survey. It begins with a question: *what would we do differently if we knew more?*

## Pick three indicators, not thirty

Small teams drown in indicators. Choose:

1. **One reach indicator**: how many people took part
2. **One quality indicator**: did they find it useful
3. **One outcome indicator**: what changed for them after three or six months

## Collect data where work already happens

Attendance sheets, short mobile forms after a session and follow-up calls are enough for most programmes. Digital forms that work offline save hours of typing later.

## Look at the numbers monthly

Put a 30-minute review in the calendar. Ask:

- Are we reaching the people we meant to reach?
- Where are people dropping out?
- What surprised us?

Good monitoring is a conversation, not a report you write once a year.`,
  },
  {
    title: 'How We Grew Our Volunteer Base From 12 to 150',
    category: 'Volunteer Management',
    summary: 'Lessons from a community health programme in Kigali on recruiting and keeping volunteers.',
    author: 'Eric Mugisha',
    tone: 'inspirational',
    keywords: 'volunteers, community engagement, retention, recognition',
    daysAgo: 11,
    image: true,
    content: `## It started with twelve people and a borrowed room

Three years ago our health outreach ran on the energy of twelve volunteers. Today more than 150 people give their time every month. Here is what changed.

### We made the first day count

Every new volunteer now gets a welcome session, a buddy and a clear first task. Nobody is left wondering what to do.

### We matched tasks to people

Not everyone wants to knock on doors. Some of our most loyal volunteers design posters, translate leaflets or keep our records tidy.

### We said thank you, often and specifically

- Monthly shout-outs in our team chat
- Certificates and reference letters for students
- An annual gathering where families are welcome

### We logged hours properly

Approved hours matter to volunteers who need them for school or job applications, and they matter to funders who want to see community contribution.

## What we would tell you

Volunteers stay when they feel **useful, trusted and seen**. Everything else is detail.`,
  },
  {
    title: 'A Beginner’s Guide to Data Protection for NGOs',
    category: 'Data Protection',
    summary: 'Why beneficiary data deserves the same care as money, and the first steps to protect it.',
    author: 'Portal Editorial Team',
    tone: 'formal',
    keywords: 'data protection, privacy, consent, security, GDPR',
    daysAgo: 17,
    content: `## Data is entrusted, not owned

Organisations collect sensitive information: health status, addresses, photographs of children. Each record is held in trust for the person it describes.

## The first five steps

1. **Map your data.** List what you collect, where it is stored and who can see it.
2. **Collect less.** If a field is not used in a decision or a report, stop collecting it.
3. **Ask for consent clearly.** Explain in plain language, in the person's own language, why you need the data.
4. **Limit access by role.** Volunteers rarely need full beneficiary records.
5. **Plan for incidents.** Decide now who is called if a laptop is lost.

## Shared devices need extra care

Many teams share phones and laptops in the field. Always sign out at the end of a session, and use tools that clear cached data on sign-out.

## Keep it proportionate

Data protection is not about perfect compliance on day one. It is about steady, documented improvement that you can explain to the people you serve.`,
  },
  {
    title: 'Storytelling That Respects the People in the Story',
    category: 'Communications',
    summary: 'Ethical storytelling guidelines for fundraising and social media content.',
    author: 'Grace Ingabire',
    tone: 'inspirational',
    keywords: 'storytelling, ethics, communications, social media, consent',
    daysAgo: 24,
    image: true,
    content: `## Every story belongs to someone

The most powerful fundraising stories are also the easiest to get wrong. A photograph or a quote can follow a person for years.

### Ask before, during and after

Consent is not a signature on day one. Check again before publishing, and honour requests to remove content later.

### Show agency, not only need

People are more than their hardest moment. Show what they are doing, deciding and building.

### Avoid the saviour frame

- Put community members, not staff or donors, at the centre
- Use names and titles people choose for themselves
- Let people speak in their own words where possible

## A quick checklist before you post

1. Would the person be comfortable seeing this in five years?
2. Could anyone be put at risk by the location or details shown?
3. Does the story reflect the person's dignity?

If any answer is *no* or *not sure*, pause and talk to them again.`,
  },
  {
    title: 'Building a Board That Actually Helps',
    category: 'Governance',
    summary: 'How to recruit, brief and work with board members who add real value.',
    author: 'Jean-Paul Habimana',
    tone: 'formal',
    keywords: 'governance, board of directors, leadership, accountability',
    daysAgo: 33,
    content: `## Governance is a resource

A board is often treated as a legal formality. A good board, however, brings oversight, networks and hard questions at the right time.

## Recruit for gaps

Before inviting anyone, list the skills the organisation lacks:

- Financial oversight and audit experience
- Legal and safeguarding knowledge
- Lived experience of the issues you work on
- Fundraising and partnership networks

## Brief members properly

New members should receive a short induction pack: strategy, latest accounts, risk register and key policies.

## Keep meetings focused

1. Circulate papers a week in advance
2. Spend most of the time on strategy and risk, not operational updates
3. Record decisions and owners clearly

## Review the board itself

Once a year, the board should ask how well it is doing its own job. Honest self-review keeps governance alive.`,
  },
  {
    title: 'Turning Community Meetings Into Real Participation',
    category: 'Community Engagement',
    summary: 'Practical facilitation techniques that move community meetings beyond information sessions.',
    author: 'Lydia Wanjiru',
    tone: 'casual',
    keywords: 'community engagement, participation, facilitation, accountability',
    daysAgo: 41,
    content: `## We have all been to *that* meeting

Staff talk for an hour, a few people ask questions, everyone goes home. It ticks a box, but nobody's mind was changed.

## Try these instead

### Small groups first

Split into groups of five or six before any plenary. People who never speak in a big room will speak in a small one.

### Use visual tools

- Community maps drawn on the ground or on paper
- Ranking exercises with beans or stones
- Seasonal calendars to plan activities around harvests and school terms

### Close the loop

Come back a month later and say: *you told us this, and here is what we did.* Nothing builds trust faster.

## Keep a feedback channel open

Meetings are only one way in. A simple phone line, a suggestion box or a ticketing system lets people raise issues between meetings, safely and anonymously when needed.`,
  },
  {
    title: 'Going Digital on a Small Budget',
    category: 'Digital Transformation',
    summary: 'Which tools to adopt first, and how to bring a team along when moving from paper to digital.',
    author: 'Amani Okello',
    tone: 'casual',
    keywords: 'digital transformation, technology, offline, tools, training',
    daysAgo: 55,
    image: true,
    content: `## You do not need everything at once

Many organisations try to digitise every process in one go and end up with five half-used tools. Start with the process that hurts most.

## A sensible order

1. **Shared storage** for documents, with folders everyone understands
2. **Digital data collection** that works offline in the field
3. **A shared calendar and team chat** to cut down on scattered messages
4. **Reporting dashboards** once the data is flowing

## Plan for weak connectivity

Choose tools that keep working when the network drops and sync when it returns. Field staff should never lose a day's work to a dead signal.

## Bring people along

- Train in short sessions, not one long workshop
- Nominate a "digital champion" in each team
- Keep paper as a backup for the first few months

Technology should save time within weeks. If it does not, change the tool, not the people.`,
  },
  {
    title: 'Diversifying Income Beyond Grants',
    category: 'Fundraising',
    summary: 'An overview of individual giving, social enterprise and local fundraising options for NGOs.',
    author: 'Nadia Uwase',
    tone: 'informative',
    keywords: 'fundraising, donations, sustainability, social enterprise, campaigns',
    daysAgo: 68,
    content: `## Why relying on one donor is risky

When a single grant covers most of the budget, one policy change can close programmes overnight. Diversifying income is a resilience strategy.

## Options worth exploring

### Individual giving

Online donation pages, mobile money and small recurring gifts add up. Local supporters are often the most loyal.

### Events and campaigns

Sponsored walks, community dinners and giving days raise funds *and* visibility.

### Social enterprise

Some organisations sell services or products linked to their mission, such as training, crafts or consultancy.

### Corporate partnerships

Local businesses may offer funding, in-kind support or staff volunteering.

## Start small, measure, repeat

- Set a modest first target
- Track cost per unit raised
- Thank every donor within 48 hours

Unrestricted income is the hardest money to raise and the most valuable to have.`,
  },
  {
    title: 'Preparing Your Organisation for a Climate-Resilient Future',
    category: 'Climate Action',
    summary: 'How NGOs in every sector can factor climate risk into programmes and operations.',
    author: 'Eric Mugisha',
    tone: 'formal',
    keywords: 'climate change, resilience, adaptation, risk management',
    daysAgo: 82,
    content: `## Climate is now everyone's sector

Floods interrupt school programmes, droughts change migration patterns and heatwaves affect health services. Climate risk touches every mission.

## Three questions for every programme

1. Which climate hazards could disrupt this work in the next five years?
2. Who among the people we serve is most exposed?
3. What can we adjust now, at low cost, to reduce that exposure?

## Practical steps

- Add climate risk to the organisational risk register
- Plan activities around seasonal forecasts
- Build contingency budgets for emergency response
- Partner with local meteorological and disaster management agencies

## Reduce your own footprint

Travel, energy and procurement choices matter. Small steps, such as solar power for offices and fewer flights, also lower running costs.

Funders increasingly ask about climate resilience. Organisations that prepare now will be better placed to serve, and to be funded.`,
  },
  {
    title: 'Partnering With Local Government: What Works',
    category: 'Partnerships',
    summary: 'Building partnerships with district authorities that last beyond a single project.',
    author: 'Jean-Paul Habimana',
    tone: 'informative',
    keywords: 'partnerships, local government, sustainability, advocacy',
    daysAgo: 97,
    content: `## Government is the long-term partner

Projects end; public services continue. Working with local government is often the best way to make results last.

## Principles that help

### Align with district plans

Read the district development plan before designing a project, and reference it in proposals.

### Share data openly

Offer your monitoring data to the relevant departments. It builds trust and informs public decisions.

### Involve officials early

- Invite technical officers to design workshops
- Plan joint monitoring visits
- Agree on a handover plan from the start

## Common pitfalls

1. Creating parallel systems that government cannot maintain
2. Paying allowances that distort incentives
3. Forgetting to brief new officials after elections or transfers

Partnership is slower at first, and far more durable.`,
  },
  {
    title: 'Why Volunteer Recognition Matters More Than You Think',
    category: 'Volunteer Management',
    summary: 'The link between recognition, retention and programme quality.',
    author: 'NGO Portal AI Assistant',
    tone: 'inspirational',
    keywords: 'volunteer recognition, retention, motivation, certificates',
    daysAgo: 120,
    generated: true,
    content: `## Recognition is part of the programme

Volunteers give their most valuable resource: time. Recognising that gift is not a nice extra. It is central to keeping skilled, motivated people involved.

## What recognition looks like

- **Personal thanks** from a coordinator who knows their work
- **Certificates and reference letters** that open doors to jobs and studies
- **Growing responsibility** for those who want it
- **Public celebration** at events and in newsletters, with consent

## The impact on your work

Organisations that recognise volunteers well report:

1. Lower turnover and less time spent on recruitment
2. Better quality of service, because experience stays in the team
3. Stronger community ties, as volunteers become ambassadors

## Start this month

Pick one volunteer whose work often goes unnoticed, and thank them specifically for what they did. Then make it a habit.`,
  },
  {
    title: 'Writing a Clear Theory of Change',
    category: 'Impact Measurement',
    summary: 'A step-by-step guide to mapping how your activities lead to change.',
    author: 'NGO Portal AI Assistant',
    tone: 'informative',
    keywords: 'theory of change, logic model, outcomes, planning',
    daysAgo: 150,
    generated: true,
    image: true,
    content: `## What a theory of change is for

A theory of change explains *how* and *why* your activities are expected to lead to the change you want to see. It keeps teams and funders aligned.

## Build it backwards

1. **Start with the long-term goal.** For example: children in the district complete primary school able to read.
2. **Identify the preconditions.** What must be true first? Trained teachers, available books, regular attendance.
3. **Link activities to preconditions.** Teacher coaching, reading clubs, community awareness.
4. **State your assumptions.** Parents value schooling; schools stay open during the rainy season.

## Keep it visual and short

A single page diagram with a few paragraphs of explanation is more useful than a twenty-page document nobody reads.

## Test it with evidence

- Which links in the chain are backed by research?
- Which ones will your monitoring test?
- What would make you change the model?

A theory of change is a living tool. Revisit it every year.`,
  },
  {
    title: 'Running a Successful Giving Day Campaign',
    category: 'Fundraising',
    summary: 'Planning, promotion and follow-up for a one-day fundraising push.',
    author: 'NGO Portal AI Assistant',
    tone: 'casual',
    keywords: 'giving day, fundraising campaign, social media, donors',
    daysAgo: 190,
    generated: true,
    content: `## One day, a lot of energy

A giving day concentrates attention: a clear goal, a deadline and a community cheering together. Done well, it raises money and new supporters.

## Six weeks out

- Set a realistic target and a concrete story ("200 school kits")
- Find a matching donor willing to double early gifts
- Prepare posts, short videos and email drafts

## On the day

1. Post progress updates every few hours
2. Thank donors publicly, with their permission
3. Share a live counter on your cause page

## After the day

Thank everyone within two days, report what the money achieved within a few months, and invite donors to give again.

> The campaign ends at midnight. The relationship does not.`,
  },
];

/** The sample blog posts, dated back from `today`; a few are marked as AI-generated. */
export function buildSampleBlogs(today: Date): SampleBlog[] {
  return posts.map((post) => {
    const postDate = utcDay(today, -post.daysAgo);
    return {
      title: post.title,
      category: post.category,
      summary: post.summary,
      content: post.content,
      imageUrl: post.image ? 'blog-default.png' : null,
      author: post.author,
      postDate,
      source: post.generated ? 'generated' : 'manual',
      tone: post.tone,
      keywords: post.keywords,
      generatedAt: post.generated ? new Date(`${postDate}T09:30:00.000Z`) : null,
      isSample: true,
    };
  });
}
