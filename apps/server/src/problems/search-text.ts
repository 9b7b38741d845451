import { htmlToPlainText } from '@qbank/shared/html-text';

/** The search document of a problem: question, choices, answer and explanation as plain text. */
export function buildProblemSearchText(problem: { question: string; illustration: string; answer: string; comments: string }): string {
  return [htmlToPlainText(problem.question), problem.illustration, problem.answer, htmlToPlainText(problem.comments)]
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\n');
}
