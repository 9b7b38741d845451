import { EXPORT_MODES, type ExportMode } from '@qbank/shared/export';

// The downloaded file's name: `2025_해부학_중간고사_문제+정답.docx` for browsers that read
// RFC 6266's UTF-8 `filename*` (all current ones, and apps/web/src/lib/download.ts), and an
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

type NamedExam = { year: number; subject_name: string; test_name: string };

/**
 * The exam's year, subject and name, each said once: exam names often carry the year and subject
 * already ('2026 순환기내과학 중간고사'), which are then not put in front again (issue 12 item 7).
 */
function examTitleParts(test: NamedExam): string[] {
  const name = test.test_name.trim();
  const prefix = [String(test.year), test.subject_name.trim()].filter((part) => part && !name.includes(part));
  return [...prefix, name].filter(Boolean);
}

/** The document's title: '2026 순환기내과학 중간고사'. */
export function examTitle(test: NamedExam): string {
  return examTitleParts(test).join(' ');
}

export function exportFileName(test: NamedExam, mode: ExportMode): string {
  const parts = [...examTitleParts(test), EXPORT_MODES[mode]].map(safePart).filter(Boolean);
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
