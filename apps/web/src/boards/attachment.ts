import { ATTACHMENT_MAX_BYTES, type AttachmentUpload } from '@qbank/shared/boards';
import { validationMessages } from '@qbank/shared/messages';

// One attachment per post travels as a data URL (packages/shared/src/boards.ts). Its size is
// checked here before a byte is read or sent: the server would refuse it anyway, after 14 MB.

/** The message for a file that cannot be attached, or null when it can. */
export function attachmentProblem(file: File): string | null {
  if (file.size > ATTACHMENT_MAX_BYTES) return validationMessages.attachmentTooLarge;
  if (file.size === 0) return validationMessages.attachmentEmpty;
  return null;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('FileReader gave no data URL'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsDataURL(file);
  });
}

export async function toAttachmentUpload(file: File): Promise<AttachmentUpload> {
  return { filename: file.name, data_url: await readAsDataUrl(file) };
}
