import { ActionIcon } from '@mantine/core';
import { IconQuestionMark } from '@tabler/icons-react';
import { ShortcutHelpModal } from '../answering/components/shortcut-help-modal';
import { answeringMessages } from '../answering/messages';
import { messages as annotationMessages } from '../annotations/messages';
import { sessionToolsMessages } from './session-tools-messages';

/** The session screen's key beside every answering screen's: M marks 다시 보기. */
const SESSION_KEYS = [annotationMessages.markShortcut];

/** The ? button of the session screen, as solve mode's top bar has it. */
export function SessionHelpButton({ onOpen }: { onOpen: () => void }) {
  const label = answeringMessages.help;
  return (
    <ActionIcon variant="default" size="xl" aria-label={label} title={label} aria-haspopup="dialog" aria-keyshortcuts="?" onClick={onOpen}>
      <IconQuestionMark size={20} aria-hidden />
    </ActionIcon>
  );
}

export function SessionShortcutHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // No H: a tutor session shows the explanation with the verdict, a timed one after the end.
  return <ShortcutHelpModal opened={opened} onClose={onClose} extra={SESSION_KEYS} without={['H']} caption={sessionToolsMessages.helpCaption} />;
}
