import { SegmentedControl } from '@mantine/core';
import { REVIEW_STATUSES, type ReviewStatus } from '@qbank/shared/submission-review';
import { useReviewCounts } from './submission-review-api';
import { submissionReviewMessages as m } from './submission-review-messages';

/** The lead problem list's filter by review step (제출됨, 검토 완료, 수정 요청), with each count. */
export function SubmissionReviewFilter({
  testCode,
  value,
  onChange,
}: {
  testCode: number;
  value: ReviewStatus | null;
  onChange: (value: ReviewStatus | null) => void;
}) {
  const counts = useReviewCounts(testCode, true);
  const label = (status: ReviewStatus) => (counts.data ? m.filterWithCount(m.status[status]!, counts.data[status]) : m.status[status]!);
  return (
    <SegmentedControl
      aria-label={m.filterLabel}
      value={value ?? 'all'}
      onChange={(next) => onChange(next === 'all' ? null : (next as ReviewStatus))}
      data={[{ value: 'all', label: m.filterAll }, ...REVIEW_STATUSES.map((status) => ({ value: status, label: label(status) }))]}
      style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
    />
  );
}
