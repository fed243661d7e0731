// The Terms of Service (/terms): the agreement between a traveller and the operator of this instance.
import { formatPrice, formatStorage, TIERS } from '@waymarks/shared';
import { Link } from 'react-router';
import {
  LegalDocument,
  LegalSubsection,
  MailLink,
  type LegalMeta,
  type LegalPageProps,
} from './LegalDocument';

export const meta: LegalMeta = {
  title: 'Terms of Service',
  description:
    'The agreement for using Waymarks: accounts, plans and billing, your content, acceptable use, termination and liability.',
};

export default function TermsOfService({ supportEmail }: LegalPageProps) {
  return (
    <LegalDocument
      title={meta.title}
      updated="2026-11-22"
      sections={[
        {
          id: 'acceptance',
          title: 'Accepting these terms',
          body: (
            <>
              <p>
                These terms are the agreement between you and the operator of this Waymarks site
                (&quot;we&quot;, &quot;us&quot;). Waymarks can be run by anyone on their own servers, so the
                operator is the person or organisation that runs the site you are using.
              </p>
              <p>
                By creating an account or using Waymarks, you accept these terms. If you do not agree, please
                do not use the service. Our <Link to="/privacy">Privacy Policy</Link>,{' '}
                <Link to="/stripe-privacy">Payment Privacy Notice</Link>,{' '}
                <Link to="/copyright">Copyright &amp; DMCA Policy</Link> and{' '}
                <Link to="/liability">Limitation of Liability</Link> are part of these terms.
              </p>
            </>
          ),
        },
        {
          id: 'eligibility',
          title: 'Who can use Waymarks',
          body: (
            <>
              <p>
                The minimum age to use Waymarks is 13. If you are under 18, or under the age of majority where
                you live, you may use Waymarks only with the consent of a parent or guardian, who accepts
                these terms on your behalf and is responsible for your use of the service.
              </p>
              <p>
                Accounts of children under 13 are deleted when we find them. You may not use Waymarks if the
                law forbids you from doing so.
              </p>
            </>
          ),
        },
        {
          id: 'accounts',
          title: 'Your account and its security',
          body: (
            <ul>
              <li>Give accurate information when you sign up, and keep your e-mail address up to date.</li>
              <li>An account is for one person. Do not share it or sell it.</li>
              <li>
                Keep your password secret. You are responsible for what happens in your account unless it was
                used without your permission despite your reasonable care.
              </li>
              <li>
                Tell us straight away at <MailLink email={supportEmail} /> if you think someone else has
                accessed your account. We will never ask for your password by e-mail.
              </li>
              <li>Usernames must not impersonate anyone or be offensive.</li>
            </ul>
          ),
        },
        {
          id: 'the-service',
          title: 'The service and plans',
          body: (
            <>
              <p>
                Waymarks lets you pin the places you have visited on a world map, attach photos and videos,
                read their location and date from the files, and see statistics, a timeline, achievements, an
                opt-in leaderboard and a 3D avatar. The plans are:
              </p>
              <ul>
                {TIERS.map((tier) => (
                  <li key={tier.id}>
                    <strong>{tier.name}:</strong> {formatPrice(tier.price)}, with{' '}
                    {formatStorage(tier.storageGB)} of storage.
                  </li>
                ))}
              </ul>
              <p>
                Each plan&apos;s features and limits, such as the number of pins and of photos and videos per
                pin, are shown on the pricing page. We keep improving Waymarks and may change features; if we
                remove a significant feature of a paid plan, we tell you in advance and you may cancel.
              </p>
              <p>
                Place verification, country detection and place names are worked out automatically. They are a
                guide for your own records, not an official proof of travel.
              </p>
            </>
          ),
        },
        {
          id: 'subscriptions',
          title: 'Subscriptions, trials and billing',
          body: (
            <>
              <LegalSubsection title="Free trial">
                <p>
                  Paid plans start with a free trial, whose length is shown before you confirm. You are not
                  charged during the trial. Unless you cancel before it ends, your subscription starts
                  automatically at the end of the trial and the first monthly payment is taken. Each person
                  may have one free trial.
                </p>
              </LegalSubsection>
              <LegalSubsection title="Monthly billing through Stripe">
                <p>
                  Subscriptions are billed monthly in advance, in US dollars, through our payment provider
                  Stripe, and renew automatically each month until you cancel. You authorise Stripe to charge
                  your payment method at each renewal. Taxes are added where the law requires. If a payment
                  fails, Stripe may try again; if it still cannot be collected, we may move your account to
                  the free plan.
                </p>
              </LegalSubsection>
              <LegalSubsection title="Cancelling">
                <p>
                  You can cancel at any time from your <Link to="/profile?tab=subscription">profile</Link>:
                  choose the free plan there, or open Manage billing to cancel in Stripe&apos;s customer
                  portal, where you also update your card and see your invoices. Cancellation takes effect at
                  the end of the current billing period: you keep your paid features until then, and your
                  account then moves to the free plan. The same applies when you move to a lower plan. Your
                  pins and media are not deleted because a plan ends, but while you are over the new
                  plan&apos;s limits you cannot add more.
                </p>
              </LegalSubsection>
              <LegalSubsection title="Price changes">
                <p>
                  We give you at least 30 days&apos; notice by e-mail before a new price applies to your
                  subscription. The new price applies from your first renewal after the notice period. If you
                  do not agree, you can cancel before then; otherwise the new price applies.
                </p>
              </LegalSubsection>
              <LegalSubsection title="Refunds">
                <p>
                  Each payment covers one month of service. Payments are not refunded for part-months or
                  unused time, except where the law gives you a right to a refund, such as a statutory right
                  of withdrawal, or where you were charged in error. If you think a refund is due, write to{' '}
                  <MailLink email={supportEmail} /> and we will review it fairly.
                </p>
              </LegalSubsection>
              <p>
                If this Waymarks site has no online payments set up, plan changes are made directly by the
                operator and the parts of this section about Stripe do not apply.
              </p>
            </>
          ),
        },
        {
          id: 'your-content',
          title: 'Your content',
          body: (
            <>
              <p>
                Your pins, photos, videos and descriptions remain yours. You keep ownership of everything you
                upload.
              </p>
              <p>
                You give us a non-exclusive, worldwide, royalty-free licence to store, copy, process and
                display your content only to provide the service to you: for example to keep backups, make
                thumbnails, read the location and date from your files, verify places and calculate your
                statistics. The licence ends when you delete the content or your account, subject to the time
                deletion takes. We do not use your content for advertising and do not sell it.
              </p>
              <p>
                You are responsible for having the rights to what you upload: you took it yourself or have the
                owner&apos;s permission. Please respect the privacy of people who appear in your photos and
                videos.
              </p>
              <p>
                Information about you appears on the public leaderboard only if you opt in, and you can opt
                out at any time. The <Link to="/privacy">Privacy Policy</Link> lists exactly what is shown.
              </p>
            </>
          ),
        },
        {
          id: 'acceptable-use',
          title: 'Acceptable use',
          body: (
            <>
              <p>When you use Waymarks, you must not:</p>
              <ul>
                <li>
                  Upload or share illegal content, including child sexual abuse material, terrorist content
                  and material that infringes someone else&apos;s rights.
                </li>
                <li>Harass, threaten, bully or spread hate against anyone.</li>
                <li>Upload malware or anything designed to damage or gain access to systems or devices.</li>
                <li>
                  Scrape, crawl or harvest data from Waymarks, including the leaderboard, by automated means.
                </li>
                <li>
                  Circumvent plan limits, storage quotas, rate limits or security measures, or access accounts
                  or data that are not yours.
                </li>
                <li>
                  Fake the location or date data of your files to manipulate verification or the leaderboard.
                </li>
                <li>Impersonate anyone, resell the service, or disrupt or overload it.</li>
              </ul>
              <p>
                If you break these rules, we may remove the content concerned and suspend or close your
                account.
              </p>
            </>
          ),
        },
        {
          id: 'reporting',
          title: 'Reporting content and copyright',
          body: (
            <p>
              If you see content that is illegal or breaks these terms, please tell us through the{' '}
              <Link to="/illegal-content">Report Content</Link> page. We aim to review reports within 24-48
              hours. If you believe content infringes your copyright, follow the{' '}
              <Link to="/copyright">Copyright &amp; DMCA Policy</Link>.
            </p>
          ),
        },
        {
          id: 'termination',
          title: 'Suspension and termination',
          body: (
            <>
              <p>
                You can stop using Waymarks at any time. You can delete your account yourself under{' '}
                <Link to="/profile#account">Delete account in your profile</Link>, or write to{' '}
                <MailLink email={supportEmail} /> from your account&apos;s e-mail address. Deleting it also
                cancels any paid subscription. When your account is deleted, all your data is deleted within
                30 days, as described in the <Link to="/privacy">Privacy Policy</Link>. Before you go, you can
                download a copy of it with Export my data in your profile.
              </p>
              <p>
                We may suspend or close your account if you seriously or repeatedly break these terms, if the
                law requires it, or under our repeat infringer policy. Where the law and the circumstances
                allow, we tell you the reason first and give you a chance to respond. If we close your account
                because you broke these terms, payments already made are not refunded.
              </p>
              <p>
                If we stop offering Waymarks for reasons that are not your fault, we give you reasonable
                notice so that you can save your media, and refund any amount you paid in advance for time you
                will not receive.
              </p>
            </>
          ),
        },
        {
          id: 'disclaimers',
          title: 'Disclaimers',
          body: (
            <p>
              Waymarks is provided &quot;as is&quot; and &quot;as available&quot;. We work to keep it reliable
              and secure, but we do not promise that it will always be available or free of errors, or that
              automatic results such as verification scores, detected countries and place names will always be
              right. Waymarks is not a backup service: always keep your own copies of your photos and videos.
            </p>
          ),
        },
        {
          id: 'liability',
          title: 'Limitation of liability',
          body: (
            <>
              <p>
                As far as the law allows, we are not liable for indirect, incidental, special, consequential
                or punitive damages, or for loss of data, memories or profits. Our total liability to you is
                limited to the greater of the amounts you paid us in the twelve months before the claim or
                $100.
              </p>
              <p>
                These limits do not apply where the law does not allow them. The full text is in our{' '}
                <Link to="/liability">Limitation of Liability</Link>.
              </p>
            </>
          ),
        },
        {
          id: 'indemnity',
          title: 'Indemnity',
          body: (
            <p>
              As far as the law allows, you agree to compensate us for claims, losses and reasonable legal
              costs brought by other people that arise from content you uploaded or from your breach of these
              terms or of the law. This does not apply to the extent that we caused the claim.
            </p>
          ),
        },
        {
          id: 'changes',
          title: 'Changes to these terms',
          body: (
            <p>
              We may update these terms, and we change the date at the top of this page when we do. If a
              change meaningfully affects you, we tell you by e-mail or in the app before it takes effect;
              price changes always come with at least 30 days&apos; notice as described above. If you continue
              to use Waymarks after a change takes effect, the new terms apply; if you do not agree, you can
              cancel and delete your account.
            </p>
          ),
        },
        {
          id: 'governing-law',
          title: 'Governing law and disputes',
          body: (
            <p>
              These terms are governed by the laws of the place where the operator of this Waymarks instance
              is established. If you are a consumer, you also keep the protection of the mandatory laws of the
              country where you live. If you have a complaint, please write to us first: most problems can be
              solved quickly that way.
            </p>
          ),
        },
        {
          id: 'general',
          title: 'General',
          body: (
            <p>
              These terms, with the policies they refer to, are the whole agreement between you and us about
              Waymarks. If a court finds part of them unenforceable, the rest still applies. If we do not
              enforce a right straight away, we do not give it up. You may not transfer your rights under
              these terms without our consent; we may transfer ours to someone who takes over the running of
              this site, and we will tell you if that happens.
            </p>
          ),
        },
        {
          id: 'contact',
          title: 'Contact',
          body: (
            <p>
              Questions about these terms? Write to <MailLink email={supportEmail} />.
            </p>
          ),
        },
      ]}
    />
  );
}
