import { Link } from '@tanstack/react-router';
import { LegalPage, legalLinkClass, Mailboxes, OfficeList, type LegalSection } from './legal-page';

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          NGO Portal is an all-in-one platform for nonprofits and NGOs. We decide how the data in this policy
          is used for your account, our website, our newsletter and the messages you send us. We have two
          offices:
        </p>
        <OfficeList />
        <p>
          The data an organisation collects through the portal (form responses, beneficiary and donor records,
          files, reports) belongs to that organisation. For that data, the organisation decides how it is used
          and we process it only on its instructions, to run the service.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Account data:</strong> your name, email address, role and organisation, and your password,
          which we store only as a one-way hash we cannot read back.
        </li>
        <li>
          <strong>Organisation data:</strong> what your team puts into the portal, such as forms and their
          responses, files, reports, fundraising causes, grants you follow, team chat messages and the
          questions you ask the AI features.
        </li>
        <li>
          <strong>Website visits:</strong> when the home page opens we record the page address, the website
          that linked to it (its domain only, never the full address) and a rough device and browser type such
          as “mobile, Chrome”. We do not record your IP address with a visit, and we use no advertising or
          cross-site tracking.
        </li>
        <li>
          <strong>Newsletter:</strong> the email address you subscribe with and the date.
        </li>
        <li>
          <strong>Messages to us:</strong> the name, email address, organisation, subject and message you send
          through the contact form or by email.
        </li>
        <li>
          <strong>Payments:</strong> for subscriptions and donations we receive the transaction reference,
          amount, currency and status from our payment provider.
        </li>
      </ul>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <p>
        Card and mobile-money payments are handled entirely by our payment provider. Your card number,
        security code and mobile-money PIN go straight to the provider; we never see or store them. The
        provider processes them under its own privacy policy and the payment industry’s security rules.
      </p>
    ),
  },
  {
    id: 'on-your-device',
    title: 'Data kept on your device',
    body: (
      <>
        <p>
          So the app keeps working with a weak or no connection, your browser stores on your device: your
          sign-in token and basic profile (name, email, role), copies of pages you have opened (such as grant
          listings and forms), and anything you saved offline that is waiting to be sent.
        </p>
        <p>
          Signing out wipes your sign-in token, your profile and the copies of pages from the device, and so
          does a session that has expired. Entries waiting to be sent stay only until they are delivered. Your
          light or dark theme choice stays. On a shared phone, always sign out when you finish.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use it',
    body: (
      <ul>
        <li>
          to run the service: sign you in, show your organisation its data and send the emails the service
          needs, such as verification and password reset links;
        </li>
        <li>to keep it secure: spot abuse, limit repeated attempts and investigate problems;</li>
        <li>to answer your messages and support requests;</li>
        <li>to send the newsletter, only if you subscribed;</li>
        <li>to understand, in aggregate, how people find and use the website.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We never sell personal data and we do not show advertising. We share data only with:</p>
        <ul>
          <li>the providers that host our servers, database and file storage;</li>
          <li>our email delivery provider, to send the messages the service needs;</li>
          <li>our payment provider, for subscriptions and donations;</li>
          <li>
            the AI model provider, when you use an AI feature: the text you submit is sent to produce the
            answer, and nothing more;
          </li>
          <li>authorities, when the law requires it.</li>
        </ul>
        <p>
          Each provider may use the data only to provide its service to us. Where data leaves the United
          Kingdom or Rwanda, we use the safeguards the law requires.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>
          Account and organisation data: while your organisation’s account is open, and deleted within 90 days
          after it closes.
        </li>
        <li>Website visit records: 13 months.</li>
        <li>Messages to us: 2 years after our last exchange.</li>
        <li>Newsletter address: until you unsubscribe.</li>
        <li>Payment records: as long as tax and accounting law requires.</li>
        <li>
          IP addresses: only in short-lived counters that protect our forms from repeated attempts; they last
          no longer than 24 hours and are cleared once they expire.
        </li>
        <li>Data on your device: until you sign out.</li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Connections are encrypted, passwords are stored only as hashes, and every organisation’s data is kept
        apart: each request is checked against the caller’s organisation and role on our servers. Within an
        organisation, each person sees what their role allows.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>You can ask us to:</p>
        <ul>
          <li>give you a copy of your personal data, in a portable format if you wish;</li>
          <li>correct data that is wrong;</li>
          <li>delete your data, or stop or limit how we use it;</li>
          <li>stop sending you the newsletter, at any time.</li>
        </ul>
        <p>
          Write to <Mailboxes /> from the email address of your account. We answer within 30 days. If your
          request is about data your organisation collected, we pass it to that organisation and help it
          answer. You may also complain to a data protection authority, such as the Information Commissioner’s
          Office in the United Kingdom or the National Cyber Security Authority in Rwanda.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        NGO Portal accounts are for adults working with nonprofits. Organisations that collect data about
        children through the portal must have the consent the law requires, usually from a parent or guardian.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we update the date at the top. If a change matters to how your data is
        used, we tell account holders by email before it applies.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about privacy? Write to <Mailboxes />, or use the{' '}
        <Link to="/contact" className={legalLinkClass}>
          contact page
        </Link>
        .
      </p>
    ),
  },
];

export function PrivacyPolicy() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains, in plain language, what personal data NGO Portal collects, why, how long we
          keep it and the choices you have.
        </p>
      }
      sections={sections}
    />
  );
}
