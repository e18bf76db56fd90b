import { Link } from '@tanstack/react-router';
import { LegalPage, legalLinkClass, Mailboxes, type LegalSection } from './legal-page';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreeing to these terms',
    body: (
      <p>
        These terms apply between NGO Portal and the organisation that signs up, and to everyone who uses the
        portal on its behalf. By creating an account or using the portal you accept them. If you sign up for
        an organisation, you confirm you may do so for it.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>
          Give accurate details and keep your email address up to date; we send important notices there.
        </li>
        <li>Keep your password to yourself. Each person uses their own account; do not share one.</li>
        <li>
          The NGO admin manages the organisation’s members and their roles, and is responsible for removing
          people who should no longer have access.
        </li>
        <li>Tell us at once if you think someone has used your account without permission.</li>
      </ul>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You may not use NGO Portal to:</p>
        <ul>
          <li>break the law, or collect personal data without the consent or other legal basis it needs;</li>
          <li>raise money by deception, or for a purpose other than the one you describe to donors;</li>
          <li>send spam or bulk messages to people who did not agree to receive them;</li>
          <li>upload malware, or try to reach data of another organisation or to disrupt the service;</li>
          <li>harass, threaten or discriminate against anyone.</li>
        </ul>
        <p>We may suspend an account that does any of these things, and tell you why.</p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content and data',
    body: (
      <p>
        What your organisation puts into the portal remains yours. You give us permission to store, copy and
        process it only as needed to run the service for you. You are responsible for having the right to
        collect and share it, and for how you use it. Our{' '}
        <Link to="/privacy-policy" className={legalLinkClass}>
          Privacy Policy
        </Link>{' '}
        explains how we handle personal data.
      </p>
    ),
  },
  {
    id: 'plans-and-billing',
    title: 'Plans and billing',
    body: (
      <ul>
        <li>
          NGO Starter is free. Paid plans are billed per organisation per month, in US dollars, at the prices
          on the{' '}
          <Link to="/pricing" className={legalLinkClass}>
            Pricing
          </Link>{' '}
          page.
        </li>
        <li>
          Each plan has limits on team members, storage and AI tokens; the AI token allowance resets every
          month.
        </li>
        <li>
          You can cancel at any time. A paid plan runs to the end of the month already paid for and is not
          refunded in part, unless the law says otherwise.
        </li>
        <li>We tell you at least 30 days before a price change applies to your plan.</li>
      </ul>
    ),
  },
  {
    id: 'donations',
    title: 'Donations and payments',
    body: (
      <p>
        Donations to a cause go to the organisation that runs it, through our card and mobile-money payment
        provider, whose own terms also apply to the payment. The organisation is responsible for its cause,
        for using donations as it describes, and for receipts and any tax rules that apply to it. We verify
        each payment with the provider before it is counted, but we are not a party to the gift.
      </p>
    ),
  },
  {
    id: 'ai-features',
    title: 'AI features',
    body: (
      <p>
        AI features produce drafts, summaries and suggestions that can be wrong or incomplete. Check anything
        the AI writes before you rely on it or share it, especially figures, names and commitments to donors.
        Do not put into an AI feature personal data you have no right to use that way.
      </p>
    ),
  },
  {
    id: 'offline-use',
    title: 'Offline use',
    body: (
      <p>
        The app keeps some data on your device so it works with a weak or no connection. Entries you save
        offline are sent when the device is back online; until then they exist only on that device. Keep
        devices locked, and sign out on shared devices.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes',
    body: (
      <p>
        We work to keep NGO Portal available and your data safe, but we cannot promise the service will never
        be interrupted. We improve the service over time; if we remove a feature you pay for, we tell you in
        advance.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending the agreement',
    body: (
      <p>
        You can close your organisation’s account at any time by writing to us. Before it closes, you can ask
        for a copy of your data. We may close an account that seriously or repeatedly breaks these terms.
        After closing, we delete the organisation’s data as the Privacy Policy describes.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        Nothing in these terms limits liability that the law does not allow to be limited. Otherwise, we are
        not liable for indirect losses such as lost funding, and our total liability in any 12 months is
        limited to what your organisation paid us in that period.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        When we change these terms we update the date at the top and, for changes that matter, email account
        holders at least 30 days before they apply. Using the portal after that means you accept the new
        terms.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about these terms? Write to <Mailboxes />, or use the{' '}
        <Link to="/contact" className={legalLinkClass}>
          contact page
        </Link>
        .
      </p>
    ),
  },
];

export function TermsOfService() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          These terms set out, in plain language, the rules for using NGO Portal: what you can expect from us
          and what we expect from you.
        </p>
      }
      sections={sections}
    />
  );
}
