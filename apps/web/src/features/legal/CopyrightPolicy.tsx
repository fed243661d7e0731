// The Copyright & DMCA Policy (/copyright): what may be uploaded, takedown notices and counter-notifications.
import { Link } from 'react-router';
import {
  LegalDocument,
  LegalSubsection,
  MailLink,
  type LegalMeta,
  type LegalPageProps,
} from './LegalDocument';

export const meta: LegalMeta = {
  title: 'Copyright & DMCA Policy',
  description:
    'What you may upload to Waymarks, how to send a DMCA takedown notice or counter-notification, and how repeat infringers are handled.',
};

const TAKEDOWN_SUBJECT = 'DMCA Takedown Notice';
const COUNTER_SUBJECT = 'DMCA Counter-Notification';

export default function CopyrightPolicy({ supportEmail }: LegalPageProps) {
  return (
    <LegalDocument
      title={meta.title}
      updated="2026-11-22"
      sections={[
        {
          id: 'copyright-policy',
          title: 'Our copyright policy',
          body: (
            <>
              <p>
                We respect the rights of photographers, filmmakers and other creators, and we ask everyone who
                uses Waymarks to do the same. We respond to notices of claimed infringement under the US
                Digital Millennium Copyright Act (DMCA, 17 U.S.C. § 512) and similar laws elsewhere.
                &quot;We&quot; and &quot;us&quot; mean the operator of this Waymarks site.
              </p>
              <LegalSubsection title="Your responsibilities">
                <p>Upload only photos, videos and text that:</p>
                <ul>
                  <li>you own, such as pictures and videos you took yourself; or</li>
                  <li>you have the copyright owner&apos;s permission to use; or</li>
                  <li>are in the public domain, or whose use is covered by fair use.</li>
                </ul>
                <p>
                  Never upload material that infringes someone else&apos;s copyright, such as another
                  photographer&apos;s pictures, professional images, films or music you have no rights to.
                  This applies even to content that only you can see.
                </p>
              </LegalSubsection>
            </>
          ),
        },
        {
          id: 'takedown-notice',
          title: 'Sending a DMCA takedown notice',
          body: (
            <>
              <p>
                If you believe that content on Waymarks infringes a copyright you own or are authorised to
                enforce, send us a written notice that includes all of the following:
              </p>
              <ol>
                <li>
                  A physical or electronic signature of the copyright owner or of a person authorised to act
                  on their behalf.
                </li>
                <li>
                  Identification of the copyrighted work you claim is infringed, or a representative list if
                  several works are involved.
                </li>
                <li>
                  Identification of the material you claim is infringing and information reasonably sufficient
                  for us to locate it, such as the page address, the username or leaderboard name, and the
                  place it is pinned to.
                </li>
                <li>Your contact information: name, postal address, telephone number and e-mail address.</li>
                <li>
                  A statement that you have a good-faith belief that the use of the material is not authorised
                  by the copyright owner, its agent or the law.
                </li>
                <li>
                  A statement that the information in the notice is accurate and, under penalty of perjury,
                  that you are the copyright owner or are authorised to act on the owner&apos;s behalf.
                </li>
              </ol>
              <p>
                We may not be able to act on a notice that leaves out any of these, and we will ask you for
                what is missing.
              </p>
            </>
          ),
        },
        {
          id: 'where-to-send',
          title: 'Where to send notices',
          body: (
            <>
              <p>
                By e-mail to <MailLink email={supportEmail} subject={TAKEDOWN_SUBJECT} /> with the subject
                &quot;{TAKEDOWN_SUBJECT}&quot;, or by post to our DMCA Agent:
              </p>
              <address>
                DMCA Agent, Waymarks
                <br />
                Postal address available on request by e-mail to <MailLink email={supportEmail} />
              </address>
              <p>
                When we receive a valid notice, we remove or disable access to the material and forward the
                notice to the user who uploaded it, so that they can respond.
              </p>
            </>
          ),
        },
        {
          id: 'counter-notification',
          title: 'Counter-notification',
          body: (
            <>
              <p>
                If your content was removed and you believe this was a mistake or a misidentification, you can
                send a counter-notification by e-mail to{' '}
                <MailLink email={supportEmail} subject={COUNTER_SUBJECT} /> with the subject &quot;
                {COUNTER_SUBJECT}&quot;, or by post to our DMCA Agent. It must include:
              </p>
              <ol>
                <li>Your physical or electronic signature.</li>
                <li>
                  Identification of the content that was removed and of where it appeared before it was
                  removed.
                </li>
                <li>
                  A statement under penalty of perjury that you have a good-faith belief that the content was
                  removed or disabled by mistake or misidentification.
                </li>
                <li>Your name, postal address, telephone number and e-mail address.</li>
                <li>
                  A statement that you consent to the jurisdiction of the federal district court for the
                  judicial district of your address (or, if you live outside the United States, any judicial
                  district in which we may be found), and that you will accept service of process from the
                  person who sent the original notice or their agent.
                </li>
              </ol>
              <p>
                We forward a valid counter-notification to the person who sent the original notice. Unless
                they tell us within 10 to 14 business days that they have started court action, we restore the
                content, as the DMCA provides.
              </p>
            </>
          ),
        },
        {
          id: 'repeat-infringers',
          title: 'Repeat infringers',
          body: (
            <p>
              Accounts of repeat infringers are terminated. A user who is the subject of more than one valid
              takedown notice that is not successfully countered is a repeat infringer, and we may also close
              an account after a single notice when the infringement is serious.
            </p>
          ),
        },
        {
          id: 'fair-use',
          title: 'Fair use',
          body: (
            <>
              <p>
                Some uses of copyrighted material without permission are lawful, as fair use in the United
                States or fair dealing in other countries. Examples include:
              </p>
              <ul>
                <li>commentary or criticism;</li>
                <li>news reporting;</li>
                <li>education, including teaching, scholarship and research;</li>
                <li>parody.</li>
              </ul>
              <p>
                Whether a use is fair depends on its purpose and character, the nature of the work, how much
                of it is used and the effect on the market for the original. Before sending a takedown notice,
                please consider whether the use might be fair.
              </p>
            </>
          ),
        },
        {
          id: 'our-copyright',
          title: 'Waymarks copyright',
          body: (
            <>
              <p>
                © 2026 Waymarks. The Waymarks software, its design, including the logo and interface, and its
                text, including these policies, are protected by copyright. You may not copy them except as
                the law or the licence under which you received the software allows.
              </p>
              <p>
                Your own content stays yours, as our <Link to="/terms">Terms of Service</Link> explain. Map
                and place data come from open sources: Natural Earth (public domain) and GeoNames (CC BY 4.0).
              </p>
            </>
          ),
        },
        {
          id: 'response-time',
          title: 'How quickly we respond',
          body: (
            <p>
              Valid notices are reviewed within 24-48 hours, and we act on them without delay. If a notice is
              incomplete, we reply within the same time to say what is missing. Counter-notifications are
              handled as described above.
            </p>
          ),
        },
        {
          id: 'misuse',
          title: 'Liability for misuse',
          body: (
            <p>
              Knowingly false notices may lead to liability for damages under 17 U.S.C. § 512(f): anyone who
              knowingly and materially misrepresents that material is infringing, or that it was removed by
              mistake, may have to pay damages, including costs and legal fees. If you are not sure whether
              material infringes your copyright, please seek legal advice before sending a notice. Misusing
              this process can also lead to your account being closed.
            </p>
          ),
        },
        {
          id: 'contact',
          title: 'Contact',
          body: (
            <p>
              For any copyright question, write to <MailLink email={supportEmail} />. To report other kinds of
              illegal or inappropriate content, use the <Link to="/illegal-content">Report Content</Link>{' '}
              page.
            </p>
          ),
        },
      ]}
    />
  );
}
