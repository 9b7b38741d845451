import { SafeHtml } from '../../components/safe-html';
import { isPlainText } from '../problem-format';
import './problems.css';

/**
 * A stored HTML field (question, explanation, passage). Text without any markup keeps its
 * line breaks, which plain HTML rendering would fold into spaces.
 */
export function RichText({ html, emphasizeNegation = false, searchQuery }: { html: string; emphasizeNegation?: boolean; searchQuery?: string }) {
  return <SafeHtml html={html} emphasizeNegation={emphasizeNegation} searchQuery={searchQuery} className={isPlainText(html) ? 'qbank-pre-line' : undefined} />;
}
