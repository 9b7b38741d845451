import { Alert, Button, FileInput, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createPostRequestSchema,
  POST_TITLE_MAX,
  updatePostRequestSchema,
  type AttachmentUpload,
  type CreatePostRequest,
  type UpdatePostRequest,
} from '@qbank/shared/boards';
import { formatFileSize } from '@qbank/shared/format';
import { IconAlertCircle, IconPaperclip } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { RichTextEditor } from '../components/rich-text-editor';
import { errorMessage, isApiRequestError } from '../lib/api-client';
import { zodResolver } from '../lib/zod-resolver';
import { messages } from './messages';
import { attachmentProblem, toAttachmentUpload } from './attachment';

const m = messages.boardWrite;

/** Title and body are checked with the request's own rules. */
const postFormSchema = createPostRequestSchema.pick({ title: true, content: true });

type AttachmentMode = 'keep' | 'replace' | 'remove';

interface ExistingAttachment {
  name: string;
  size: number | null;
}

type PostFormProps = {
  initial?: { title: string; content: string };
  cancelHref: string;
  error: unknown;
  submitting: boolean;
} & (
  | { mode: 'create'; onSubmit: (request: CreatePostRequest) => void }
  | { mode: 'edit'; existingAttachment: ExistingAttachment | null; onSubmit: (request: UpdatePostRequest) => void }
);

/** The write and edit form: title, rich-text body and one attachment (keep, replace or remove on edit). */
export function PostForm(props: PostFormProps) {
  const { initial, cancelHref, error, submitting } = props;
  const existing = props.mode === 'edit' ? props.existingAttachment : null;
  const form = useForm({
    initialValues: { title: initial?.title ?? '', content: initial?.content ?? '' },
    validate: zodResolver(postFormSchema),
  });
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<AttachmentMode>('keep');
  const [attachmentError, setAttachmentError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const attachmentModeId = useId();

  // Without a file on the post, "replace" is simply "add".
  const fileWanted = existing === null || mode === 'replace';

  const chooseFile = (next: File | null) => {
    setFile(next);
    setAttachmentError(next ? attachmentProblem(next) : null);
  };

  const serverFieldErrors = isApiRequestError(error) ? error.fields : undefined;
  const serverError = error ? errorMessage(error, props.mode === 'create' ? m.createFailed : m.editFailed) : null;

  async function upload(): Promise<AttachmentUpload | undefined | false> {
    if (!fileWanted || !file) return undefined;
    try {
      return await toAttachmentUpload(file);
    } catch {
      setAttachmentError(m.readFailed);
      return false;
    }
  }

  const onSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    if (file && fileWanted) {
      const problem = attachmentProblem(file);
      if (problem) {
        setAttachmentError(problem);
        return;
      }
    }
    if (existing && mode === 'replace' && !file) {
      setAttachmentError(m.chooseFile);
      return;
    }
    setReading(true);
    const attachment = await upload();
    setReading(false);
    if (attachment === false) return;

    if (props.mode === 'create') {
      props.onSubmit({ title: values.title, content: values.content, ...(attachment ? { attachment } : {}) });
      return;
    }
    const request: UpdatePostRequest = {
      ...(form.isDirty('title') ? { title: values.title } : {}),
      ...(form.isDirty('content') ? { content: values.content } : {}),
      ...(attachment ? { attachment } : {}),
      ...(existing && mode === 'remove' ? { remove_attachment: true } : {}),
    };
    const checked = updatePostRequestSchema.safeParse(request);
    if (!checked.success) {
      setFormError(checked.error.issues[0]?.message ?? m.editFailed);
      return;
    }
    props.onSubmit(request);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {(formError ?? serverError) && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {formError ?? serverError}
          </Alert>
        )}
        <TextInput label={m.titleLabel} maxLength={POST_TITLE_MAX} {...form.getInputProps('title')} error={form.errors.title ?? serverFieldErrors?.title} />
        <RichTextEditor
          label={m.contentLabel}
          value={form.values.content}
          onChange={(html) => form.setFieldValue('content', html)}
          error={form.errors.content ?? serverFieldErrors?.content}
          minHeight={260}
        />

        <Stack gap={6}>
          {existing && (
            <>
              <Text size="sm" fw={500} id={attachmentModeId}>
                {m.attachmentMode}
              </Text>
              <Group gap={6} wrap="nowrap" fz="sm">
                <IconPaperclip size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Text span inherit style={{ overflowWrap: 'anywhere' }}>
                  {m.currentAttachment}: {existing.name}
                </Text>
                {existing.size !== null && (
                  <Text span c="gray.7" inherit style={{ flexShrink: 0 }}>
                    ({formatFileSize(existing.size)})
                  </Text>
                )}
              </Group>
              <SegmentedControl
                aria-labelledby={attachmentModeId}
                value={mode}
                onChange={(value) => {
                  setMode(value as AttachmentMode);
                  setAttachmentError(null);
                }}
                data={[
                  { value: 'keep', label: m.attachmentModes.keep },
                  { value: 'replace', label: m.attachmentModes.replace },
                  { value: 'remove', label: m.attachmentModes.remove },
                ]}
                w={{ base: '100%', sm: 'auto' }}
                style={{ alignSelf: 'flex-start' }}
              />
            </>
          )}
          {fileWanted && (
            <FileInput
              label={existing ? m.newAttachmentLabel : m.attachmentLabel}
              description={m.attachmentHint}
              placeholder={m.attachmentPlaceholder}
              value={file}
              onChange={chooseFile}
              clearable
              clearButtonProps={{ 'aria-label': m.clearAttachment }}
              leftSection={<IconPaperclip size={16} aria-hidden />}
              // Mantine's placeholder grey is below AA contrast.
              styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
              error={attachmentError ?? serverFieldErrors?.attachment}
            />
          )}
        </Stack>

        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={cancelHref} variant="default">
            {m.cancel}
          </Button>
          <Button type="submit" loading={submitting || reading}>
            {props.mode === 'create' ? m.submitCreate : m.submitEdit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
