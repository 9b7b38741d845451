import { Stack, Text, Title } from '@mantine/core';
import type { ProblemSnapshot } from '@qbank/shared/lead-problems';
import { resolvePicturePath } from '@qbank/shared/pictures';
import { CHOICE_TYPES, PROBLEM_TYPES } from '@qbank/shared/problems';
import type { ReactNode } from 'react';
import { SafeHtml } from '../components/safe-html';
import { ZoomablePicture } from '../components/zoomable-picture';
import { messages } from './messages';
import './problem-content-view.css';

const c = messages.authoring.content;

type ViewContent = Pick<
  ProblemSnapshot,
  'type' | 'choice_type' | 'question' | 'illustration' | 'answer' | 'comments' | 'question_pic_path' | 'answer_pic_path' | 'comment_pic_path'
>;

const CHOICE_LABELS: Record<number, string> = {
  [CHOICE_TYPES.lettered]: c.choiceTypes.lettered,
  [CHOICE_TYPES.option]: c.choiceTypes.option,
  [CHOICE_TYPES.four]: c.choiceTypes.four,
  [CHOICE_TYPES.five]: c.choiceTypes.five,
};

export function choiceTypeLabel(choiceType: number | null): string {
  return choiceType === null ? c.choiceTypes.none : (CHOICE_LABELS[choiceType] ?? c.choiceTypes.none);
}

/** Stored HTML; text without markup keeps its line breaks. */
export function StoredHtml({ html }: { html: string }) {
  if (html.trim() === '') {
    return (
      <Text size="sm" c="gray.7">
        {c.empty}
      </Text>
    );
  }
  if (!/<[a-z!/][^>]*>/i.test(html)) return <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{html}</Text>;
  return <SafeHtml html={html} />;
}

/** A stored picture; a click opens the same zoomable viewer as the problem viewers and solve mode. */
export function StoredPicture({ path, alt }: { path: string | null; alt: string }) {
  const src = resolvePicturePath(path);
  if (!src) return null;
  return <ZoomablePicture className="qbank-stored-picture" src={src} alt={alt} />;
}

function Field({ label, order, children }: { label: string; order: 2 | 3 | 4; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={order} size="h5">
        {label}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * The content of a problem, read-only: the lead detail's view mode and a version of its
 * history. `headingOrder` keeps the heading levels right wherever it is placed.
 */
export function ProblemContentView({ content, headingOrder = 2 }: { content: ViewContent; headingOrder?: 2 | 3 | 4 }) {
  const multipleChoice = content.type === PROBLEM_TYPES.multipleChoice;
  return (
    <Stack gap="md">
      <Field label={c.question} order={headingOrder}>
        <StoredHtml html={content.question} />
        <StoredPicture path={content.question_pic_path} alt={c.questionPic} />
      </Field>
      {multipleChoice && (
        <Field label={c.choiceType} order={headingOrder}>
          <Text>{choiceTypeLabel(content.choice_type)}</Text>
          {content.choice_type === CHOICE_TYPES.lettered && (
            <Text size="sm" c="gray.7">
              {c.letterLegend}
            </Text>
          )}
        </Field>
      )}
      {(multipleChoice || content.illustration.trim() !== '') && (
        <Field label={c.illustration} order={headingOrder}>
          {content.illustration.trim() === '' ? (
            <Text size="sm" c="gray.7">
              {c.empty}
            </Text>
          ) : (
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{content.illustration}</Text>
          )}
        </Field>
      )}
      <Field label={c.answer} order={headingOrder}>
        {content.answer.trim() === '' ? (
          <Text size="sm" c="gray.7">
            {c.empty}
          </Text>
        ) : (
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{content.answer}</Text>
        )}
        <StoredPicture path={content.answer_pic_path} alt={c.answerPic} />
      </Field>
      <Field label={c.explanation} order={headingOrder}>
        <StoredHtml html={content.comments} />
        <StoredPicture path={content.comment_pic_path} alt={c.explanationPic} />
      </Field>
    </Stack>
  );
}
