import { IconTargetArrow } from '@tabler/icons-react';
import { LinkCard } from '../components/link-card';
import { paths } from '../lib/paths';
import { studyEntryMessages } from './entry-messages';

/** The way into the session builder, for /home and the dashboard. */
export function StudyEntryCard() {
  return <LinkCard to={paths.studyNew.getHref()} icon={IconTargetArrow} title={studyEntryMessages.title} text={studyEntryMessages.text} testId="study-entry" />;
}
