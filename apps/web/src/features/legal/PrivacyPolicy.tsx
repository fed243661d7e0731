// The Privacy Policy (/privacy): what Waymarks collects, why, who processes it and the traveller's rights.
import { IMPORT_PRIVACY_TEXT } from '@waymarks/shared';
import { Link } from 'react-router';
import {
  LegalDocument,
  LegalSubsection,
  MailLink,
  type LegalMeta,
  type LegalPageProps,
} from './LegalDocument';

export const meta: LegalMeta = {
  title: 'Privacy Policy',
  description:
    'What Waymarks collects about you and your travels, why, who processes it, how long it is kept and how to use your rights.',
};

export default function PrivacyPolicy({ supportEmail }: LegalPageProps) {
  return (
    <LegalDocument
      title={meta.title}
      updated="2026-11-22"
      sections={[
        {
          id: 'who-we-are',
          title: 'Who we are',
          body: (
            <>
              <p>
                Waymarks is a travel-memory app: you pin the places you have visited on a world map, add your
                photos and videos, and watch your travels add up. This policy explains what information
                Waymarks holds about you, why, and what control you have over it.
              </p>
              <p>
                Waymarks can be run by anyone on their own servers. In this policy, &quot;we&quot;,
                &quot;us&quot; and &quot;the operator&quot; mean the person or organisation that runs the
                Waymarks site you are using. The operator decides how your information is used and is
                responsible for it (in data protection law, the &quot;controller&quot;).
              </p>
              <p>
                The short version: we collect what is needed to keep your travel map, we never sell it, we
                show no advertising, and we use no trackers or third-party analytics.
              </p>
            </>
          ),
        },
        {
          id: 'what-we-collect',
          title: 'What we collect',
          body: (
            <>
              <LegalSubsection title="Your account">
                <ul>
                  <li>Your name and e-mail address, and a username if you choose one.</li>
                  <li>
                    Your password, stored only as an argon2id hash: a one-way fingerprint from which the
                    password cannot be recovered. We never store the password itself.
                  </li>
                  <li>
                    If you sign in with Google: the name, e-mail address and profile picture on your Google
                    profile, and the identifier Google gives your account. We never receive your Google
                    password.
                  </li>
                  <li>
                    Account details we keep for you: whether your e-mail address is confirmed, when you signed
                    up, your plan, and whether you have joined the leaderboard.
                  </li>
                </ul>
              </LegalSubsection>
              <LegalSubsection title="Your travel data">
                <ul>
                  <li>
                    The pins you create: their map coordinates, titles, descriptions, visit dates and
                    countries.
                  </li>
                  <li>The verification status and score we work out for each pin.</li>
                </ul>
              </LegalSubsection>
              <LegalSubsection title="Your photos and videos">
                <ul>
                  <li>The files you upload, with their file names, types, sizes and upload times.</li>
                  <li>
                    The metadata we read from them: the GPS location where they were taken, the capture date
                    and time, and the camera make and model.
                  </li>
                  <li>
                    The original file is kept exactly as you uploaded it, including the metadata inside it,
                    and only you can open it. The thumbnails and previews we make from it are stored with all
                    metadata stripped, location included.
                  </li>
                </ul>
              </LegalSubsection>
              <LegalSubsection title="Location histories you import">
                <ul>
                  <li>
                    When you import a location history (from Google, your phone, a GPS file or Polarsteps),
                    the file is read on our server to find the places you stayed at. {IMPORT_PRIVACY_TEXT}
                  </li>
                  <li>
                    For each import we keep its file names, its format, when it was made and how many places
                    it found, so your import history can show it and undo it.
                  </li>
                </ul>
              </LegalSubsection>
              <LegalSubsection title="Usage counts">
                <p>
                  How many pins and media items you have and how much storage they use, so we can apply your
                  plan&apos;s limits and show you your usage.
                </p>
              </LegalSubsection>
              <LegalSubsection title="Payments">
                <p>
                  If you subscribe to a paid plan, payment is handled by Stripe and we never see your full
                  card number. The <Link to="/stripe-privacy">Payment Privacy Notice</Link> explains exactly
                  what Stripe receives and what we receive back.
                </p>
              </LegalSubsection>
              <LegalSubsection title="Reports and messages">
                <p>
                  When you report content or write to us, we keep what you send, including your e-mail address
                  if you give it, so that we can act on it and reply.
                </p>
              </LegalSubsection>
              <LegalSubsection title="Technical data">
                <p>
                  Like every website, our servers see your IP address and basic details of each request (the
                  time, the address requested and your browser type). We use them only to keep the service
                  secure and working, for example to limit repeated sign-in attempts, and keep them only for a
                  short time.
                </p>
              </LegalSubsection>
            </>
          ),
        },
        {
          id: 'why-we-use-it',
          title: 'Why we use it',
          body: (
            <>
              <ul>
                <li>
                  <strong>To provide the service:</strong> to store your pins, photos and videos and show them
                  on your map and timeline, and to send you the e-mails the service needs, such as
                  confirmation codes, password resets and notices about your subscription.
                </li>
                <li>
                  <strong>To verify places:</strong> we compare the GPS location and date in your photos with
                  your pins to mark places as verified and calculate a verification score.
                </li>
                <li>
                  <strong>For your statistics:</strong> countries visited, places, cities, achievements and
                  your travel timeline are calculated from your own data.
                </li>
                <li>
                  <strong>For the leaderboard, only if you opt in:</strong> see{' '}
                  <a href="#what-others-can-see">What other people can see</a>.
                </li>
                <li>
                  <strong>For security:</strong> to protect accounts, prevent abuse and fraud, and enforce
                  plan limits.
                </li>
                <li>
                  <strong>To meet legal obligations:</strong> for example keeping billing records and
                  answering lawful requests.
                </li>
              </ul>
              <p>
                Where data protection law asks for a legal basis, we rely on our contract with you to provide
                the service, on our legitimate interest in keeping it secure, on your consent for the
                leaderboard (which you can withdraw at any time), and on legal obligations for billing
                records. We do not send marketing e-mails unless you have asked for them.
              </p>
            </>
          ),
        },
        {
          id: 'what-others-can-see',
          title: 'What other people can see',
          body: (
            <>
              <p>
                By default, nothing. Your pins, photos, videos and statistics are private to your account.
              </p>
              <p>
                If you opt in to the public leaderboard, other signed-in users can see your display name,
                profile picture, plan, your counts of countries, pins and verified pins, your verification
                score and badges, when you joined and the span of your travels, and the countries and places
                you have pinned with their visit dates and how many photos and videos each has.
              </p>
              <p>
                They never see your e-mail address, your photos or videos, or the exact coordinates of your
                pins. You can leave the leaderboard at any time from your profile, and you are then no longer
                listed.
              </p>
            </>
          ),
        },
        {
          id: 'what-we-never-do',
          title: 'What we never do',
          body: (
            <ul>
              <li>
                We never sell or rent your personal data, and never share it for other companies&apos;
                marketing.
              </li>
              <li>We show no advertising and use no advertising trackers, pixels or fingerprinting.</li>
              <li>We use no third-party analytics.</li>
              <li>
                The app loads nothing from other hosts: the map, fonts, flags and 3D avatar are all served by
                this Waymarks site itself. Your browser only contacts another company when you choose to, by
                signing in with Google or by paying on Stripe&apos;s checkout page.
              </li>
              <li>
                We do not use your photos, videos or travel history to profile you, or for anything other than
                running Waymarks for you.
              </li>
            </ul>
          ),
        },
        {
          id: 'who-processes-it',
          title: 'Who processes your data',
          body: (
            <>
              <p>A small number of service providers handle data on our behalf, only to run Waymarks:</p>
              <ul>
                <li>
                  <strong>Hosting and storage:</strong> the servers and database that run this site, and the
                  storage that holds your photos and videos, either the operator&apos;s own disks or an
                  S3-compatible object-storage provider chosen by the operator.
                </li>
                <li>
                  <strong>Stripe,</strong> for payments, if you subscribe to a paid plan. See the{' '}
                  <Link to="/stripe-privacy">Payment Privacy Notice</Link>.
                </li>
                <li>
                  <strong>The e-mail provider</strong> that delivers our e-mails, which receives your e-mail
                  address and the content of the messages we send you.
                </li>
                <li>
                  <strong>Google,</strong> only if you choose to sign in with Google. Google&apos;s own
                  privacy policy covers your Google account.
                </li>
              </ul>
              <p>
                Our providers may use your data only to provide their service to us, under contracts that
                require them to protect it. Stripe and Google are also responsible for what they do with data
                for their own purposes, such as fraud prevention.
              </p>
              <p>
                We disclose information to authorities only when the law requires it, and where we are allowed
                to, we tell you first. If the running of this site passes to someone else, this policy
                continues to apply to your data and we will tell you before the change.
              </p>
            </>
          ),
        },
        {
          id: 'cookies',
          title: 'Cookies and browser storage',
          body: (
            <>
              <p>
                Waymarks sets only one cookie: an HttpOnly sign-in cookie that keeps you signed in. It is
                strictly necessary, page scripts cannot read it, and it is sent only to our sign-in service.
                We use no tracking, advertising or analytics cookies, which is why you will not see a cookie
                banner here.
              </p>
              <p>
                Your browser&apos;s storage holds your map display preferences (whether country highlighting,
                the timeline and pins are shown) and, once you have signed in, a copy of your places and
                country figures, so that your map opens when you are offline, marked with the date it was
                saved. Photos you share to the installed app wait there until the upload takes them, an hour
                at most. The app&apos;s own files and the map&apos;s tiles are kept too, so that it opens
                without a network. Signing out removes your places and any shared photos from the device; none
                of this is sent to us except the photos you then upload.
              </p>
            </>
          ),
        },
        {
          id: 'retention',
          title: 'How long we keep your data',
          body: (
            <>
              <p>
                We keep your data for as long as you have an account. When you delete a pin, photo or video,
                it is removed from storage together with its thumbnails.
              </p>
              <p>
                When your account is deleted, all your data, including your account, pins, photos, videos and
                thumbnails, is deleted within 30 days.
              </p>
              <p>
                The operator keeps backups to recover from failures. Copies of deleted data can remain in
                those backups until they are replaced in the normal backup cycle. Backups are protected like
                the live service and are used only to restore it; if a backup is ever restored, data that had
                been deleted is deleted again.
              </p>
              <p>
                Some records are kept longer where the law requires it, such as billing records kept for tax
                and accounting, and reports of illegal content kept as long as needed to deal with them.
              </p>
            </>
          ),
        },
        {
          id: 'your-rights',
          title: 'Your rights',
          body: (
            <>
              <p>Depending on where you live, you have the right to:</p>
              <ul>
                <li>
                  <strong>Access</strong> the personal data we hold about you.
                </li>
                <li>
                  <strong>Export</strong> your data: a copy of your account and travel data in a common
                  machine-readable format, together with your original photos and videos. Export my data in
                  your <Link to="/profile#account">profile</Link> downloads it at any time as a ZIP file with
                  your profile, your pins as GeoJSON and every original file.
                </li>
                <li>
                  <strong>Correct</strong> data that is wrong. You can edit most of it yourself in the app.
                </li>
                <li>
                  <strong>Delete</strong> your account and your data: Delete account in your{' '}
                  <Link to="/profile#account">profile</Link> deletes both and cancels any subscription.
                </li>
                <li>
                  <strong>Object</strong> to or ask us to restrict how we use your data, and withdraw consent
                  you have given, such as joining the leaderboard (the leaderboard switch in your{' '}
                  <Link to="/profile">profile</Link> takes you off it).
                </li>
              </ul>
              <p>
                Beyond what your profile lets you do yourself, to use any of these rights write to{' '}
                <MailLink email={supportEmail} /> from the e-mail address of your account. We may ask you to
                confirm your identity, we answer within one month, and it costs you nothing. If you are not
                satisfied with our answer, you can complain to your data protection authority.
              </p>
            </>
          ),
        },
        {
          id: 'children',
          title: 'Children',
          body: (
            <p>
              The minimum age to use Waymarks is 13. The service is not directed to children under 13 and we
              do not knowingly collect their data. If we find that an account belongs to a child under 13, we
              delete the account and its data. If you believe a child under 13 has an account, please tell us
              at <MailLink email={supportEmail} />. Where local law sets a higher age, that age applies.
            </p>
          ),
        },
        {
          id: 'security',
          title: 'How we protect your data',
          body: (
            <>
              <ul>
                <li>All connections to Waymarks are encrypted with HTTPS.</li>
                <li>Passwords are stored only as argon2id hashes.</li>
                <li>
                  Sign-in uses short-lived access tokens and an HttpOnly cookie; the tokens behind that cookie
                  are stored hashed and are revoked if we detect reuse.
                </li>
                <li>Sign-in and other sensitive actions are rate-limited against guessing and abuse.</li>
                <li>
                  Your photos and videos are served only to your own account, uploads are checked for their
                  real file type, and thumbnails carry no location data.
                </li>
                <li>Access to personal data on the operator&apos;s side is limited to what is needed.</li>
              </ul>
              <p>
                No system is perfectly secure. If a breach affects your personal data, we will tell you and
                the authorities as the law requires.
              </p>
            </>
          ),
        },
        {
          id: 'international-transfers',
          title: 'International transfers',
          body: (
            <p>
              Your data is stored where the operator&apos;s hosting and storage are located. Stripe and the
              e-mail provider may process data in other countries, including the United States. Where data
              leaves the UK or the European Economic Area, we rely on recognised safeguards such as adequacy
              decisions or the European Commission&apos;s Standard Contractual Clauses. Write to us for
              details.
            </p>
          ),
        },
        {
          id: 'changes',
          title: 'Changes to this policy',
          body: (
            <p>
              When we change this policy, we update the date at the top of this page. If a change meaningfully
              affects how we use your data, we tell you by e-mail or in the app before it takes effect.
            </p>
          ),
        },
        {
          id: 'contact',
          title: 'Contact',
          body: (
            <p>
              For any question about your privacy or this policy, write to <MailLink email={supportEmail} />.
            </p>
          ),
        },
      ]}
    />
  );
}
