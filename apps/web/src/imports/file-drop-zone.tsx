import { Paper, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { importMessages as m } from './messages';

interface FileDropZoneProps {
  /** Lower-case extensions with their dot, the same the file picker offers. */
  extensions: readonly string[];
  /** A dropped file with one of those extensions: handled as if chosen in the picker. */
  onFile: (file: File) => void;
  /** A dropped file of another kind (or several files): the page says why nothing happened. */
  onReject: (message: string) => void;
  children: ReactNode;
}

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * The whole upload area takes a file dragged onto it (issue 31: a lead drags last year's 족보 onto
 * the page). The picker inside it stays the way to choose by click or keyboard; dragging is an
 * extra way in, so the zone itself is not a focus stop.
 */
export function FileDropZone({ extensions, onFile, onReject, children }: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed; the count says when the pointer really left.
  const depth = useRef(0);

  const onDragEnter = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    // Without preventDefault the browser opens the file instead of dropping it here.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length === 0) return;
    if (files.length > 1) return onReject(m.dropOneFile);
    const file = files[0]!;
    const dot = file.name.lastIndexOf('.');
    const extension = dot >= 0 ? file.name.slice(dot).toLowerCase() : '';
    if (!extensions.includes(extension)) return onReject(m.dropWrongType(file.name));
    onFile(file);
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="import-drop-zone"
      data-dragging={dragging || undefined}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      style={{
        position: 'relative',
        borderStyle: dragging ? 'dashed' : undefined,
        borderWidth: dragging ? 2 : undefined,
        borderColor: dragging ? 'var(--mantine-color-blue-filled)' : undefined,
      }}
    >
      {children}
      {dragging && (
        // Over the form while a file is held above it, so the lead sees where it will land.
        <div
          aria-hidden
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 8,
            borderRadius: 'inherit',
            background: 'color-mix(in srgb, var(--mantine-color-body) 85%, var(--mantine-color-blue-filled))',
            pointerEvents: 'none',
          }}
        >
          <IconUpload size={40} color="var(--mantine-color-blue-filled)" />
          <Text fw={600} c="var(--mantine-color-text)">
            {m.dropHere}
          </Text>
        </div>
      )}
    </Paper>
  );
}
