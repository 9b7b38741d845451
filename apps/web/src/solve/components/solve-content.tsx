import { resolvePicturePath } from '@qbank/shared/pictures';
import { SafeHtml } from '../../components/safe-html';
import { ZoomablePicture } from '../../components/zoomable-picture';
import '../solve.css';

/** Stored HTML that is really plain text (no tags): its line breaks are kept when shown. */
const isPlainText = (html: string) => !/<[a-z!/][^>]*>/i.test(html);

/** A stored HTML field (question, passage, explanation), sanitized on render. */
export function SolveHtml({ html, emphasizeNegation = false }: { html: string; emphasizeNegation?: boolean }) {
  return <SafeHtml html={html} emphasizeNegation={emphasizeNegation} className={isPlainText(html) ? 'qbank-solve-pre-line' : undefined} />;
}

/** A picture of a problem, answer, explanation or passage (spec §3 path); a click opens the viewer. */
export function SolvePicture({ path, alt }: { path: string | null; alt: string }) {
  const src = resolvePicturePath(path);
  if (!src) return null;
  return <ZoomablePicture className="qbank-solve-picture" src={src} alt={alt} />;
}
