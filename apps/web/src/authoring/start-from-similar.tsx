import type { UseFormReturnType } from '@mantine/form';
import { htmlToPlainText } from '@qbank/shared/html-text';
import type { ProblemDetail } from '@qbank/shared/lead-problems';
import type { Problem } from '@qbank/shared/problems';
import { useState } from 'react';
import { SimilarProblemsPanel } from '../lineage/similar-problems-panel';
import { CONTENT_FIELDS, contentValuesOf, questionWritten, type ContentFormValues } from './problem-content';

// "이 문제에서 시작" in the content editor (issue 28 item 6, decision 187), for a student's slot and a
// lead's edit alike: lineage's panel of similar past problems under the stem, the chosen problem's
// content copied into the form (pictures by their stored paths, which a save keeps), and the uid the
// save sends as `started_from` so the server links the two.

function hasContent(values: ContentFormValues): boolean {
  return (
    questionWritten(values) ||
    values.illustration.trim() !== '' ||
    values.answer.trim() !== '' ||
    htmlToPlainText(values.comments) !== '' ||
    values.answer_pic !== null ||
    values.comment_pic !== null
  );
}

export function useStartFromSimilar<Values extends ContentFormValues>(form: UseFormReturnType<Values>, problem: ProblemDetail) {
  const [startedFrom, setStartedFrom] = useState<number | undefined>(undefined);
  // The rich-text editors read their value when they mount: a start draws the fields anew.
  const [generation, setGeneration] = useState(0);

  const start = (origin: Problem) => {
    form.setValues(contentValuesOf(origin) as Partial<Values>);
    for (const field of CONTENT_FIELDS) form.clearFieldError(field);
    setStartedFrom(origin.uid);
    setGeneration((current) => current + 1);
  };

  const panel = (
    <SimilarProblemsPanel
      text={htmlToPlainText(form.values.question)}
      subjectCode={problem.subject_code}
      problemUid={problem.uid}
      startedFrom={startedFrom}
      hasContent={hasContent(form.values)}
      onStart={start}
    />
  );
  return { startedFrom, formKey: generation, panel };
}
