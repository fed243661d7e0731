// The Payment Privacy Notice (/stripe-privacy): what Stripe receives for paid plans and what comes back.
import { Link } from 'react-router';
import { LegalDocument, MailLink, type LegalMeta, type LegalPageProps } from './LegalDocument';

export const meta: LegalMeta = {
  title: 'Payment Privacy Notice',
  description:
    'How Stripe processes payments for paid Waymarks plans: what Stripe receives, what Waymarks gets back and how billing records are kept.',
};

export default function StripePrivacy({ supportEmail }: LegalPageProps) {
  return (
    <LegalDocument
      title={meta.title}
      updated="2026-11-22"
      sections={[
        {
          id: 'who-processes-payments',
          title: 'Who processes your payments',
          body: (
            <>
              <p>
                Payments for paid Waymarks plans are processed by Stripe, a payment provider used by millions
                of businesses. When you start a free trial or subscribe, you are taken to Stripe&apos;s secure
                checkout page, and you manage your card and invoices in Stripe&apos;s customer portal.
              </p>
              <p>
                Waymarks never sees or stores your full card number or security code. This notice adds to our{' '}
                <Link to="/privacy">Privacy Policy</Link>, which covers everything else.
              </p>
            </>
          ),
        },
        {
          id: 'what-stripe-receives',
          title: 'What Stripe receives',
          body: (
            <>
              <p>From Waymarks, so that your payment is linked to your account:</p>
              <ul>
                <li>Your name and e-mail address.</li>
                <li>A reference to your Waymarks account and the plan you chose.</li>
              </ul>
              <p>Directly from you, on Stripe&apos;s own checkout page:</p>
              <ul>
                <li>
                  Your card details (number, expiry date and security code), which go straight to Stripe and
                  never pass through Waymarks.
                </li>
                <li>The billing name, country and postal code Stripe asks for.</li>
                <li>
                  Information about your device and connection, such as your IP address, which Stripe uses to
                  keep payments secure and prevent fraud.
                </li>
              </ul>
            </>
          ),
        },
        {
          id: 'what-waymarks-receives',
          title: 'What Waymarks receives back',
          body: (
            <>
              <ul>
                <li>A Stripe customer id that links your Stripe record to your Waymarks account.</li>
                <li>
                  Your subscription status (in trial, active, payment due or cancelled), your plan, and the
                  dates of your trial and billing periods.
                </li>
                <li>Whether each payment succeeded, with references to your invoices.</li>
              </ul>
              <p>
                The last four digits and expiry date of your card may be shown to you by Stripe&apos;s
                customer portal so that you can recognise the card; they cannot be used to charge it. We use
                this information only to give you the plan you paid for, show your billing status and answer
                your billing questions.
              </p>
            </>
          ),
        },
        {
          id: 'stripe-as-controller',
          title: "Stripe's own use of your data",
          body: (
            <>
              <p>
                Stripe processes your payment for us. For some purposes, Stripe is also an independent
                controller of your data: it decides itself how to use it to prevent and detect fraud, to meet
                its obligations under financial regulation (such as anti-money-laundering checks) and to
                comply with the law.
              </p>
              <p>
                For those purposes, Stripe&apos;s own privacy policy applies, which you can read at{' '}
                <a href="https://stripe.com/privacy" rel="noreferrer">
                  stripe.com/privacy
                </a>
                .
              </p>
            </>
          ),
        },
        {
          id: 'retention',
          title: 'How long billing records are kept',
          body: (
            <p>
              We keep billing records, such as the amounts, dates and invoice references of your payments, for
              as long as tax and accounting law requires, even after your account is deleted. Everything else
              is deleted as described in the <Link to="/privacy">Privacy Policy</Link>. Stripe keeps its own
              records for as long as its legal obligations require.
            </p>
          ),
        },
        {
          id: 'local-billing',
          title: 'Sites without online payments',
          body: (
            <p>
              Waymarks can be run by anyone on their own servers. If the operator of this site has not set up
              Stripe, the site uses local billing: plan changes are recorded by the site itself, no checkout
              page is shown, no card details are collected, and nothing is sent to Stripe.
            </p>
          ),
        },
        {
          id: 'your-choices',
          title: 'Your choices',
          body: (
            <p>
              You can update your card, see your invoices or cancel your subscription at any time in
              Stripe&apos;s customer portal: open Manage billing in your{' '}
              <Link to="/profile?tab=subscription">profile</Link>. To use your data protection rights for the
              billing data we hold, follow the <Link to="/privacy">Privacy Policy</Link>. For data Stripe
              holds as an independent controller, you can also contact Stripe directly.
            </p>
          ),
        },
        {
          id: 'contact',
          title: 'Contact',
          body: (
            <p>
              Questions about payments or this notice? Write to <MailLink email={supportEmail} />.
            </p>
          ),
        },
      ]}
    />
  );
}
