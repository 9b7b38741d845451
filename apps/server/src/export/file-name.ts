import { EXPORT_MODES, type ExportMode } from '@qbank/shared/export';

// The downloaded file's name: `2025_해부학_중간고사_문제+정답.docx` for browsers that read
// RFC 6266's UTF-8 `filename*` (all current ones, and the spec's download helper), and an
// ASCII-only `filename` for the rest.

function safePart(text: string): string {
  return (
    text
      // Characters Windows, macOS or the header itself cannot carry in a name.
      .replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]/gu, '')
      .trim()
      .replace(/\s+/g, '_')
  );
}

export function exportFileName(test: { year: number; subject_name: string; test_name: string }, mode: ExportMode): string {
  const parts = [String(test.year), test.subject_name, test.test_name, EXPORT_MODES[mode]].map(safePart).filter(Boolean);
  return `${parts.join('_')}.docx`;
}

export function asciiFileName(test: { test_code: number; year: number }, mode: ExportMode): string {
  return `exam-${test.year}-${test.test_code}-${mode}.docx`;
}

/** RFC 5987 attr-chars stay as they are; everything else is percent-encoded UTF-8. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function attachmentDisposition(fileName: string, asciiFallback: string): string {
  const fallback = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
