import { resolvePicturePath } from '@qbank/shared/pictures';
import { SafeHtml } from '../../components/safe-html';
import '../solve.css';

/** Stored HTML that is really plain text (no tags): its line breaks are kept when shown. */
const isPlainText = (html: string) => !/<[a-z!/][^>]*>/i.test(html);

/** A stored HTML field (question, passage, explanation), sanitized on render. */
export function SolveHtml({ html }: { html: string }) {
  return <SafeHtml html={html} className={isPlainText(html) ? 'qbank-solve-pre-line' : undefined} />;
}

/** A picture of a problem, answer, explanation or passage; the path is resolved as spec §3 says. */
export function SolvePicture({ path, alt }: { path: string | null; alt: string }) {
  const src = resolvePicturePath(path);
  if (!src) return null;
  return <img className="qbank-solve-picture" src={src} alt={alt} loading="lazy" decoding="async" />;
}
