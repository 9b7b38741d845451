import { Button } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { useState } from 'react';
import { useNote } from './api';
import { notesMessages as m } from './messages';
import { NotePanel } from './note-panel';

/**
 * The member's note in a problem viewer's card: the note panel when there is a memo or the
 * 헷갈림 flag, otherwise one small button that opens it (a list stays quiet).
 */
export function ProblemNote({ problemUid }: { problemUid: number }) {
  const note = useNote(problemUid);
  const [opened, setOpened] = useState(false);
  if (note.isPending || note.isError) return null;
  if (note.data || opened) return <NotePanel problemUid={problemUid} startEditing={opened && !note.data} />;
  return (
    <Button
      variant="default"
      size="sm"
      style={{ alignSelf: 'flex-start', minHeight: 44 }}
      leftSection={<IconNote size={16} aria-hidden />}
      onClick={() => setOpened(true)}
    >
      {m.add}
    </Button>
  );
}
