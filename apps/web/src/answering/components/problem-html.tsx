import { SafeHtml } from '../../components/safe-html';
import '../answering.css';

/** Stored HTML that is really plain text (no tags): its line breaks are kept when shown. */
const isPlainText = (html: string) => !/<[a-z!/][^>]*>/i.test(html);

/** A stored HTML field (question, passage, explanation), sanitized on render. */
export function ProblemHtml({ html, emphasizeNegation = false }: { html: string; emphasizeNegation?: boolean }) {
  return <SafeHtml html={html} emphasizeNegation={emphasizeNegation} className={isPlainText(html) ? 'qbank-solve-pre-line' : undefined} />;
}

/** A picture of a problem, answer, explanation or passage: the problems viewer's own (a click opens the viewer). */
export { ProblemPicture } from '../../problems/components/problem-picture';
