import { usePageTitle } from '../app/usePageTitle';
import { PlainPage } from '../components/PlainPage';

export default function FeedbackRoute() {
  usePageTitle('Send Feedback');
  return <PlainPage heading="Send Feedback" />;
}
