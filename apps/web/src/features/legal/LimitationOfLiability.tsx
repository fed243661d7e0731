// The Limitation of Liability (/liability): the full text the Terms of Service summarise.
import { Link } from 'react-router';
import { LegalDocument, MailLink, type LegalMeta, type LegalPageProps } from './LegalDocument';

export const meta: LegalMeta = {
  title: 'Limitation of Liability',
  description:
    'The limits of our responsibility for Waymarks: the service as is, the liability cap, legal exceptions and why to keep copies of your media.',
};

export default function LimitationOfLiability({ supportEmail }: LegalPageProps) {
  return (
    <LegalDocument
      title={meta.title}
      updated="2026-11-22"
      sections={[
        {
          id: 'as-is',
          title: 'The service is provided as is',
          body: (
            <>
              <p>
                This page is part of our <Link to="/terms">Terms of Service</Link>. &quot;We&quot; and
                &quot;us&quot; mean the operator of this Waymarks site.
              </p>
              <p>
                We work hard to keep Waymarks reliable, secure and accurate. Even so, the service is provided
                &quot;as is&quot; and &quot;as available&quot;. As far as the law allows, we give no promises
                or warranties beyond those in our terms, whether express or implied, including about
                merchantability, fitness for a particular purpose or non-infringement.
              </p>
              <p>
                Results that Waymarks works out automatically, such as place verification, verification
                scores, detected countries, place names and statistics, may sometimes be wrong.
              </p>
            </>
          ),
        },
        {
          id: 'excluded-damages',
          title: 'Damages we are not liable for',
          body: (
            <>
              <p>As far as the law allows, we are not liable for:</p>
              <ul>
                <li>Indirect, incidental, special, consequential or punitive damages.</li>
                <li>Loss of data, including photos, videos, pins and descriptions.</li>
                <li>Loss of memories, or distress caused by such a loss.</li>
                <li>Loss of profits, revenue, business or opportunities.</li>
              </ul>
              <p>
                This applies whatever the legal basis of the claim, including contract and negligence, and
                even if we were told that such a loss was possible.
              </p>
            </>
          ),
        },
        {
          id: 'keep-copies',
          title: 'Keep your own copies',
          body: (
            <p>
              Waymarks is a place to organise and relive your travels; it is not a backup service. Always keep
              your own copies of your photos and videos, for example on your computer, an external drive or a
              backup service. Files can be lost through hardware failures, software errors or the closing of
              an account, and some travel memories cannot be replaced.
            </p>
          ),
        },
        {
          id: 'liability-cap',
          title: 'The most we will be liable for',
          body: (
            <>
              <p>
                Our total liability to you for all claims relating to Waymarks is limited to the greater of
                the amounts you paid us in the twelve months before the claim or $100.
              </p>
              <p>
                For example, if you use the free plan, the limit is $100; if you paid us more than $100 in
                those twelve months, the limit is the amount you paid.
              </p>
            </>
          ),
        },
        {
          id: 'exceptions',
          title: 'Where the law does not allow these limits',
          body: (
            <>
              <p>
                Some laws do not allow certain warranties to be excluded or liability to be limited. Where
                that is the case, the limits on this page apply only as far as the law allows. In particular,
                nothing here limits our liability for:
              </p>
              <ul>
                <li>Death or personal injury caused by our negligence.</li>
                <li>Fraud or fraudulent misrepresentation.</li>
                <li>Gross negligence or wilful misconduct, where the law does not allow it to be limited.</li>
                <li>Anything else that cannot be limited or excluded by law.</li>
              </ul>
              <p>If you are a consumer, your statutory rights are not affected.</p>
            </>
          ),
        },
        {
          id: 'third-party-services',
          title: 'Third-party services',
          body: (
            <p>
              Waymarks relies on services run by other companies, such as Stripe for payments, Google for
              optional sign-in, and the operator&apos;s hosting, storage and e-mail providers. We choose them
              carefully, but we are not responsible for their own acts, outages or terms. Links to other
              websites are provided for convenience, and we are not responsible for their content.
            </p>
          ),
        },
        {
          id: 'force-majeure',
          title: 'Events beyond our control',
          body: (
            <p>
              We are not liable for delays or failures caused by events beyond our reasonable control, such as
              natural disasters, war, terrorism, civil unrest, epidemics, actions of governments, strikes,
              failures of power or of the internet, outages of hosting or storage providers, or cyberattacks
              despite reasonable precautions. When such an event happens, we work to limit its effects and to
              restore the service as soon as we can.
            </p>
          ),
        },
        {
          id: 'review-times',
          title: 'Review times are goals',
          body: (
            <p>
              We aim to review reports of content and valid copyright notices within 24-48 hours, and to act
              on high-priority reports within hours. These are promises about how we work, made in good faith.
              As far as the law allows, they do not create liability if a review takes longer, and they do not
              make us responsible for content that other users uploaded before we could act on it.
            </p>
          ),
        },
        {
          id: 'contact',
          title: 'Contact',
          body: (
            <p>
              If something has gone wrong, or you want to make a claim, write to{' '}
              <MailLink email={supportEmail} /> and describe what happened. We will do our best to put it
              right quickly and without formality.
            </p>
          ),
        },
      ]}
    />
  );
}
