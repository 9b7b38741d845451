import { NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { ILLUSTRATION_MAX, PROBLEM_ANSWER_MAX } from '@qbank/shared/authoring';
import { CHOICE_TYPES, PROBLEM_TYPES } from '@qbank/shared/problems';
import type { UseFormReturnType } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { RichTextEditor } from '../components/rich-text-editor';
import { messages } from './messages';
import { PictureField } from './picture-field';
import { CONTENT_FIELDS, type ContentFormValues } from './problem-content';

// Convention: this form (with ./problem-content.ts, and the detail call in ./api.ts) is the one
// content editor of a problem. The lead detail uses it, and the my-problems page uses it as the only
// exception to "no feature imports another feature's internals", because a student's slot and a
// lead's edit must be the same form: the same fields, rules and image handling.

const c = messages.authoring.content;

export type ContentFormErrors = Partial<Record<keyof ContentFormValues, ReactNode>>;

const CHOICE_OPTIONS = [
  { value: '', label: c.choiceTypes.none },
  { value: String(CHOICE_TYPES.lettered), label: c.choiceTypes.lettered },
  { value: String(CHOICE_TYPES.option), label: c.choiceTypes.option },
  { value: String(CHOICE_TYPES.four), label: c.choiceTypes.four },
  { value: String(CHOICE_TYPES.five), label: c.choiceTypes.five },
];

interface ProblemContentFormProps {
  /** The problem's type: the choice format and the choices belong to multiple choice. */
  type: number;
  value: ContentFormValues;
  onChange: (patch: Partial<ContentFormValues>) => void;
  errors?: ContentFormErrors;
  /** Shown right under the question (the similar past problems, start-from-similar.tsx). */
  afterQuestion?: ReactNode;
}

/** Question, pictures, choice format, choices, answer and explanation. */
export function ProblemContentForm({ type, value, onChange, errors = {}, afterQuestion }: ProblemContentFormProps) {
  const multipleChoice = type === PROBLEM_TYPES.multipleChoice;
  // Choices of another type are shown only when the problem already has some (nothing is hidden).
  const [showChoices] = useState(() => multipleChoice || value.illustration.trim() !== '');

  return (
    <Stack gap="md">
      <RichTextEditor label={c.question} value={value.question} onChange={(question) => onChange({ question })} error={errors.question} minHeight={160} />
      {afterQuestion}
      <PictureField label={c.questionPic} value={value.question_pic} onChange={(question_pic) => onChange({ question_pic })} error={errors.question_pic} />
      {multipleChoice && (
        <Stack gap={4}>
          <NativeSelect
            label={c.choiceType}
            data={CHOICE_OPTIONS}
            value={value.choice_type === null ? '' : String(value.choice_type)}
            onChange={(event) => {
              const raw = event.currentTarget.value;
              onChange({ choice_type: raw === '' ? null : Number(raw) });
            }}
            error={errors.choice_type}
            maw={260}
          />
          {value.choice_type === CHOICE_TYPES.lettered && (
            <Text size="sm" c="gray.7">
              {c.letterLegend}
            </Text>
          )}
        </Stack>
      )}
      {showChoices && (
        <Textarea
          label={c.illustration}
          description={c.illustrationHint}
          value={value.illustration}
          onChange={(event) => onChange({ illustration: event.currentTarget.value })}
          error={errors.illustration}
          autosize
          minRows={4}
          maxRows={16}
          maxLength={ILLUSTRATION_MAX}
        />
      )}
      <Textarea
        label={c.answer}
        value={value.answer}
        onChange={(event) => onChange({ answer: event.currentTarget.value })}
        error={errors.answer}
        autosize
        minRows={1}
        maxRows={8}
        maxLength={PROBLEM_ANSWER_MAX}
      />
      <PictureField label={c.answerPic} value={value.answer_pic} onChange={(answer_pic) => onChange({ answer_pic })} error={errors.answer_pic} />
      <RichTextEditor label={c.explanation} value={value.comments} onChange={(comments) => onChange({ comments })} error={errors.comments} minHeight={160} />
      <PictureField label={c.explanationPic} value={value.comment_pic} onChange={(comment_pic) => onChange({ comment_pic })} error={errors.comment_pic} />
    </Stack>
  );
}

/**
 * The content fields of a Mantine form (the lead's edit or a student's slot): its values, a patch
 * written through the form (which clears that field's message) and its messages.
 */
export function contentFieldsOf<Values extends ContentFormValues>(
  form: UseFormReturnType<Values>,
): Pick<ProblemContentFormProps, 'value' | 'onChange' | 'errors'> {
  return {
    value: form.values,
    onChange: (patch) => {
      form.setValues(patch as Partial<Values>);
      for (const key of Object.keys(patch)) form.clearFieldError(key);
    },
    errors: form.errors,
  };
}

/** Field messages of a failed save (the server's `fields`, bare or under `content.`), keyed as the form names them. */
export function contentErrorsOf(fields: Readonly<Record<string, ReactNode>> | undefined): ContentFormErrors {
  if (!fields) return {};
  const errors: ContentFormErrors = {};
  for (const key of CONTENT_FIELDS) {
    const message = fields[key] ?? fields[`content.${key}`];
    if (message) errors[key] = message;
  }
  return errors;
}
