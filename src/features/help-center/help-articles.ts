export interface HelpArticle {
  /** Stable anchor, so an answer can be linked to directly (#reset-password). */
  id: string;
  question: string;
  answer: string[];
}

export interface HelpTopic {
  id: string;
  title: string;
  articles: HelpArticle[];
}

export const helpTopics: HelpTopic[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    articles: [
      {
        id: 'create-account',
        question: 'How do I create an account for my organisation?',
        answer: [
          'Choose Start for Free (or Sign Up on a phone), then enter your name, your email address, a password of at least 8 characters and your organisation’s name.',
          'We email you a verification link. Open it to activate the account, then sign in. The person who signs up becomes the organisation’s NGO admin.',
        ],
      },
      {
        id: 'invite-team',
        question: 'How do I add my colleagues and volunteers?',
        answer: [
          'Sign in as the NGO admin and open Staff Management from the menu. Invite each person by email and give them the role that fits their work: Staff, Volunteer, Analyst or Viewer.',
          'Each role sees its own menu. The Documentation page lists what every role can see and do.',
        ],
      },
      {
        id: 'install-app',
        question: 'Can I install NGO Portal on my phone?',
        answer: [
          'Yes. NGO Portal is a web app you can install from the browser. On Android, open the site in Chrome, tap the ⋮ menu and choose Install app (or Add to Home screen). On an iPhone, open it in Safari, tap Share and choose Add to Home Screen.',
          'The installed app opens full screen and keeps working with a weak or no connection.',
        ],
      },
    ],
  },
  {
    id: 'accounts',
    title: 'Accounts & sign-in',
    articles: [
      {
        id: 'verification-email',
        question: 'I did not receive the verification email. What can I do?',
        answer: [
          'Check your spam or promotions folder first. If it is not there, open the Verify email page and send the link again; the newest link is the one that works.',
          'Links expire after a while for your safety, so use a fresh one if an old link says it is no longer valid.',
        ],
      },
      {
        id: 'reset-password',
        question: 'I forgot my password. How do I reset it?',
        answer: [
          'On the Sign In page choose Forgot your password?, enter your email address and open the link we send you. Choose a new password of at least 8 characters, then sign in with it.',
          'For your security we answer the same way whether or not an account exists for that address.',
        ],
      },
      {
        id: 'signed-out',
        question: 'Why was I signed out suddenly?',
        answer: [
          'Sessions end after a while, and when your session is no longer valid the app signs you out and returns you to the Sign In page. Sign in again to carry on.',
          'Signing out also clears the copies of pages the app kept on the device, so the next person using it sees nothing of yours.',
        ],
      },
      {
        id: 'change-role',
        question: 'How do I change what someone can see in the portal?',
        answer: [
          'What a person sees depends on their role. Ask your NGO admin to change it in Staff Management. The new menu appears the next time that person signs in.',
        ],
      },
    ],
  },
  {
    id: 'grants',
    title: 'Grants',
    articles: [
      {
        id: 'find-grants',
        question: 'How do I find grants that fit our work?',
        answer: [
          'Open Latest Grants and filter by country, area of interest, category and publication dates, or search by keyword. The list narrows as you choose; Search puts the filters in the page address, so you can bookmark or share the result, and Reset clears them.',
          'The newest grants come first. View Details opens the whole grant (donor agency, grant size, deadline, description and eligibility) in the portal once you are signed in; an account is free.',
        ],
      },
      {
        id: 'grants-offline',
        question: 'Can I read grant listings without a connection?',
        answer: [
          'Yes. Listings and grants you have opened while online stay readable on that device when the connection drops. They refresh automatically once you are back online.',
        ],
      },
      {
        id: 'grants-visitors',
        question: 'Do I need an account to see grants?',
        answer: [
          'No, not to browse them: anyone can search and filter the Latest Grants listing on the public site. A grant’s full details open in the portal, so View Details asks you to sign in; an account is free, and grants then sit in your portal menu next to the rest of your organisation’s work.',
        ],
      },
    ],
  },
  {
    id: 'data-collection',
    title: 'Data collection & offline use',
    articles: [
      {
        id: 'build-form',
        question: 'How do I build a data collection form?',
        answer: [
          'Open Collect Data and create a new form. Add the questions you need, save the form, and share its public link: people can fill it in without an account.',
          'Responses appear under the form as they arrive.',
        ],
      },
      {
        id: 'collect-offline',
        question: 'What happens if I fill in a form with no signal?',
        answer: [
          'Your entry is saved on the device and sent automatically once the device is back online, even if you closed the app in between. Nothing is lost and nothing is sent twice.',
          'Keep the app installed and sign in at least once while online before you go to the field.',
        ],
      },
      {
        id: 'shared-phone',
        question: 'Several of us share one phone. Is our data safe?',
        answer: [
          'Always sign out when you finish. Signing out removes your session and the data the app kept on the device for offline use, so the next person starts clean.',
        ],
      },
    ],
  },
  {
    id: 'fundraising',
    title: 'Fundraising & payments',
    articles: [
      {
        id: 'create-cause',
        question: 'How do I start a fundraising campaign?',
        answer: [
          'Open Fundraise and create a cause with a title, a story, a goal and a picture. Share its page, or embed it on your own website so donors can give without leaving it.',
        ],
      },
      {
        id: 'donation-methods',
        question: 'How can donors pay?',
        answer: [
          'By card or mobile money, through our payment provider. Every donation is verified with the provider before it counts towards the cause’s goal.',
        ],
      },
      {
        id: 'donation-pending',
        question: 'A donor paid but the donation does not show yet. Why?',
        answer: [
          'A donation counts once the payment provider confirms it, which can take a few minutes for mobile money. If it still does not show after an hour, contact us with the payment reference from the donor’s receipt.',
        ],
      },
    ],
  },
  {
    id: 'billing',
    title: 'Billing',
    articles: [
      {
        id: 'plans',
        question: 'Which plan should we choose?',
        answer: [
          'NGO Starter is free for a team of up to 5 with 2GB of storage. NGO Growth and NGO Impact add more members, storage and AI tokens. The Pricing page compares every limit.',
        ],
      },
      {
        id: 'upgrade',
        question: 'How do we upgrade our plan?',
        answer: [
          'Sign in as your organisation’s NGO admin, open Pricing and choose a plan. You pay by card or mobile money on our payment provider’s secure page; the new plan and its limits apply as soon as the payment is verified. Account Settings shows your plan, its renewal date and your payment history.',
        ],
      },
      {
        id: 'limits',
        question: 'What happens when we reach a plan limit?',
        answer: [
          'Nothing you already have is deleted. You cannot add more members or files, or use more AI tokens that month, until you upgrade or free some room.',
        ],
      },
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy',
    articles: [
      {
        id: 'data-ownership',
        question: 'Who owns the data we collect?',
        answer: [
          'Your organisation does. We store and process it only to run the service for you, and we never sell it. The Privacy Policy explains the details.',
        ],
      },
      {
        id: 'visit-tracking',
        question: 'Do you track visitors to the website?',
        answer: [
          'We count page views of the home page to see how people find us. A view records the page address, the website a visitor came from and a rough device and browser type, never the IP address. We use no advertising trackers.',
        ],
      },
      {
        id: 'delete-data',
        question: 'How do I get a copy of our data or have it deleted?',
        answer: [
          'Write to us from the email address of your account and say what you need. We answer requests for a copy, a correction or deletion within 30 days.',
        ],
      },
    ],
  },
];
