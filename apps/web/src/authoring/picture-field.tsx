import { Box, Button, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { resolvePicturePath } from '@qbank/shared/pictures';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useId, useRef, useState, type ClipboardEvent, type DragEvent, type ReactNode } from 'react';
import { messages } from './messages';
import { IMAGE_TYPES, imageFileProblem, readAsDataUrl } from './problem-content';
import { TrashButton } from './trash-button';

const p = messages.authoring.picture;

interface PictureFieldProps {
  label: string;
  /** A stored path, a data URL waiting to be uploaded, or null. */
  value: string | null;
  onChange: (next: string | null) => void;
  /** The server's message for this field after a failed save. */
  error?: ReactNode;
}

/**
 * One picture of a problem or passage (decision 125): chosen with the file picker, pasted or
 * dropped; checked here for type and size, then kept as a data URL until the form is saved.
 */
export function PictureField({ label, value, onChange, error }: PictureFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const src = resolvePicturePath(value);
  const shownError = localError ? `${p.failed}: ${localError}` : error;

  const take = async (file: File | null | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      setLocalError(problem);
      return;
    }
    try {
      const dataUrl = await readAsDataUrl(file);
      setLocalError(null);
      onChange(dataUrl);
    } catch {
      setLocalError(p.readFailed);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const file = [...event.clipboardData.files].find((f) => f.type.startsWith('image/')) ?? event.clipboardData.files[0];
    if (!file) return;
    event.preventDefault();
    void take(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  return (
    <Input.Wrapper label={label} labelElement="div" error={shownError} errorProps={{ id: errorId }}>
      <Paper
        withBorder
        radius="md"
        p="sm"
        mt={4}
        tabIndex={0}
        role="group"
        aria-label={p.zoneLabel(label)}
        aria-describedby={[hintId, shownError ? errorId : null].filter(Boolean).join(' ')}
        onPaste={onPaste}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: 'dashed',
          borderColor: shownError ? 'var(--mantine-color-error)' : dragging ? 'var(--mantine-color-blue-9)' : undefined,
          background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
        }}
      >
        <Stack gap="xs">
          {src && (
            <Box>
              <Image src={src} alt={p.preview(label)} maw="100%" mah={320} fit="contain" w="auto" radius="sm" />
            </Box>
          )}
          <Text size="sm" c="gray.7" id={hintId}>
            {src ? p.replaceHint : p.dropHint}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPhotoPlus size={16} aria-hidden />}
              onClick={() => inputRef.current?.click()}
              aria-label={p.chooseLabel(label)}
            >
              {p.choose}
            </Button>
            {value !== null && (
              <TrashButton
                label={p.removeLabel(label)}
                onClick={() => {
                  setLocalError(null);
                  onChange(null);
                }}
              >
                {p.remove}
              </TrashButton>
            )}
          </Group>
        </Stack>
        <input
          ref={inputRef}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          aria-label={p.fileLabel(label)}
          style={{ display: 'none' }}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // The same file can be chosen again after a removal.
            event.currentTarget.value = '';
            void take(file);
          }}
        />
      </Paper>
    </Input.Wrapper>
  );
}
