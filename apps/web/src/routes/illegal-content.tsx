import { usePageTitle } from '../app/usePageTitle';
import { PlainPage } from '../components/PlainPage';

export default function ReportContentRoute() {
  usePageTitle('Report Content');
  return <PlainPage heading="Report Content" />;
}
