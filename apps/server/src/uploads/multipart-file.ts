import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

// The one file of a multipart upload, whole or not at all. @fastify/multipart's toBuffer() throws
// at the size limit only when a chunk arrives after busboy cut the file: when the cut falls where
// one chunk of the request ends (the limit reached exactly, the rest arriving later), the file
// ends there and toBuffer() returns it as if complete (a 10 MB .csv was imported as 276 of its
// 290 rows). So the stream's own `truncated` flag is checked after reading, on every upload.

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

/** How a route refuses: no file in the form, a form busboy cannot read, a file over the limit. */
export interface UploadRefusals {
  missing(): AppError;
  broken(): AppError;
  tooLarge(): AppError;
}

export async function wholeUploadedFile(request: FastifyRequest, refuse: UploadRefusals): Promise<UploadedFile> {
  let bytes: Buffer;
  let fileName: string;
  let truncated: boolean;
  try {
    const file = await request.file();
    if (!file) throw refuse.missing();
    fileName = file.filename;
    bytes = await file.toBuffer();
    truncated = file.file.truncated;
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse.tooLarge();
    if (error instanceof AppError) throw error;
    // busboy's own errors (no boundary in the body, a form cut short) are a broken upload, not a fault of ours.
    throw refuse.broken();
  }
  if (truncated) throw refuse.tooLarge();
  return { fileName, bytes };
}
