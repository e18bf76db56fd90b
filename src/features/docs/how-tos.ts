export interface HowTo {
  id: string;
  title: string;
  steps: string[];
  note?: string;
}

export const howTos: HowTo[] = [
  {
    id: 'sign-up-and-verify',
    title: 'Sign up and verify your email',
    steps: [
      'Choose Start for Free on the home page (Sign Up in the phone menu).',
      'Enter your name, your email address, a password of at least 8 characters and your organisation’s name, then choose Create account.',
      'Open the verification email we send you and follow its link. Nothing arrived? Check your spam folder, or send the link again from the page that asks you to verify.',
      'Sign in with your email and password. You land on your dashboard as the NGO admin of your organisation.',
    ],
  },
  {
    id: 'invite-your-team',
    title: 'Invite your team',
    steps: [
      'Sign in as the NGO admin and open Staff Management.',
      'Invite each colleague by email and pick their role: Staff for day-to-day work, Volunteer for field helpers, Analyst for reporting, Viewer for people who only follow along.',
      'They receive an email to join. Once they sign in, they see the menu of their role, described above.',
    ],
    note: 'Every member counts towards your plan’s member limit; the Pricing page lists the limits.',
  },
  {
    id: 'grants-offline',
    title: 'Use the grants listings offline',
    steps: [
      'While you are online, open Latest Grants and the grants you want to read later.',
      'When the connection drops, the listings and grants you opened stay readable on that device.',
      'Back online, the listings refresh by themselves; filters and search need a connection to fetch new results.',
    ],
  },
  {
    id: 'install-android',
    title: 'Install the app on Android',
    steps: [
      'Open NGO Portal in Chrome on your Android phone.',
      'Tap the ⋮ menu at the top right of the browser.',
      'Choose Install app (on some phones: Add to Home screen), then confirm with Install.',
      'Open NGO Portal from your home screen. It runs full screen like any other app and keeps working with a weak connection.',
    ],
    note: 'Other browsers on Android, such as Samsung Internet, Edge and Firefox, offer the same option in their menu.',
  },
];
