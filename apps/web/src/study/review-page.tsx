import { Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { choiceKeyToValue } from '@qbank/shared/answers';
import type { ReviewDueProblem, ReviewRating } from '@qbank/shared/review';
import { isSelfJudgedType } from '@qbank/shared/solve';
import { IconArrowLeft, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useDeckScreen } from '../solve/use-deck-screen';
import { Link } from 'react-router';
import { BookmarkModal } from '../boxes/bookmark-modal';
import { PageLoader } from '../components/page-loader';
import { errorMessage } from '../lib/api-client';
import { paths } from '../lib/paths';
import { messages } from '../solve/messages';
import { NotePanel } from '../notes/note-panel';
import { ProblemView } from '../solve/components/problem-view';
import { LoadFailedCard } from '../solve/components/state-card';
import { ShortcutHelpModal } from '../solve/components/shortcut-help-modal';
import { SolveTopBar } from '../solve/components/solve-top-bar';
import { choiceOptions, judge, score, type Shortcut, type SolveResult } from '../solve/solve-model';
import { handleShortcut, useSolveShortcuts } from '../solve/use-solve-shortcuts';
import { useSelfJudgment } from '../solve/api';
import { selfJudgeMessages as sj } from '../solve/self-judge-messages';
import { useAnswerReview, useRateReview, useReviewDeck } from './review-api';
import { reviewMessages as m } from './review-messages';
import { ReviewRatingBar } from './review-rating-bar';
import '../solve/solve.css';

interface ReviewResult extends SolveResult {
  dueAt: string | null;
  rating: ReviewRating | null;
}

/** /study/review — the solve-mode screen over the member's due problems, most overdue first. */
export function ReviewPage() {
  useDocumentTitle(messages.app.pageTitle(m.title));
  const deck = useReviewDeck();
  // A new deck (after "남은 문제 이어서 복습") starts a new round.
  return deck.isPending ? (
    <Stack gap="md">
      <PageLoader />
    </Stack>
  ) : deck.isError ? (
    <LoadFailedCard title={m.loadFailed} reason={errorMessage(deck.error, m.loadFailed)} retryLabel={m.reload} onRetry={() => void deck.refetch()} />
  ) : (
    <ReviewRound key={deck.dataUpdatedAt} items={deck.data.problems} dueCount={deck.data.due_count} onMore={() => void deck.refetch()} />
  );
}

function ReviewRound({ items, dueCount, onMore }: { items: ReviewDueProblem[]; dueCount: number; onMore: () => void }) {
  const answerReview = useAnswerReview();
  const rateReview = useRateReview();
  const selfJudgment = useSelfJudgment();
  const [index, setIndex] = useState(0);
  const [results, setResults] = useState<ReadonlyMap<number, ReviewResult>>(new Map());
  const { explanation, setExplanation, helpOpen, setHelpOpen, boxesOpen, setBoxesOpen, announcement, setAnnouncement, tokenRef, resultRef, articleRef } =
    useDeckScreen(true);

  const finished = index >= items.length;
  const item = finished ? undefined : items[index];
  const problems = useMemo(() => items.map((entry) => entry.problem), [items]);
  const options = useMemo(() => (item ? choiceOptions(item.problem) : null), [item]);
  const result = item ? results.get(item.problem.uid) : undefined;
  const answering = item !== undefined && (!result || result.save === 'failed');
  const position = Math.min(index, items.length - 1) + 1;

  function change(uid: number, token: number, patch: Partial<ReviewResult>) {
    setResults((prev) => {
      const current = prev.get(uid);
      if (!current || current.token !== token) return prev;
      return new Map(prev).set(uid, { ...current, ...patch });
    });
  }

  function answer(value: string) {
    if (!item) return;
    const { problem } = item;
    const token = ++tokenRef.current;
    const local = judge(problem, value);
    setResults((prev) => new Map(prev).set(problem.uid, { answer: value, correct: local, save: 'saving', token, attemptCode: null, judgedBy: 'machine', dueAt: null, rating: null }));
    // An essay or slide answer the key does not match word for word waits for the member's verdict.
    const selfJudged = isSelfJudgedType(problem.type);
    setAnnouncement(selfJudged && !local ? sj.awaitingAnnouncement(position) : messages.solve.resultAnnouncement(position, local));
    answerReview.mutate(
      { problemUid: problem.uid, answer: value },
      {
        onSuccess: (saved) =>
          change(problem.uid, token, { correct: saved.is_correct, save: 'saved', dueAt: saved.due_at, attemptCode: saved.attempt_code, judgedBy: saved.judged_by }),
        onError: (error) => {
          change(problem.uid, token, { save: 'failed' });
          notifications.show({ color: 'red', title: m.saveFailed, message: errorMessage(error, m.saveFailed) });
        },
      },
    );
  }

  /** 맞음 / 틀림 on a saved essay or slide answer (as in solve mode); the card is rescheduled from it. */
  function judgeSelf(correct: boolean) {
    if (!item || !result || result.attemptCode === null || !isSelfJudgedType(item.problem.type)) return;
    if (result.judgedBy === 'machine' && result.correct) return; // word for word the key: nothing to judge
    const uid = item.problem.uid;
    const token = result.token;
    const before = { correct: result.correct, judgedBy: result.judgedBy, dueAt: result.dueAt };
    change(uid, token, { correct, judgedBy: 'self' });
    setAnnouncement(sj.announcement(position, correct));
    selfJudgment.mutate(
      { attemptCode: result.attemptCode, isCorrect: correct },
      {
        onSuccess: (saved) => change(uid, token, { dueAt: saved.review_due_at }),
        onError: (error) => {
          change(uid, token, before);
          notifications.show({ color: 'red', title: sj.saveFailed, message: errorMessage(error, sj.saveFailed) });
        },
      },
    );
  }

  function rate(rating: ReviewRating) {
    if (!item || !result) return;
    const uid = item.problem.uid;
    const token = result.token;
    change(uid, token, { rating });
    rateReview.mutate(
      { problemUid: uid, rating },
      {
        onSuccess: (saved) => change(uid, token, { dueAt: saved.due_at }),
        onError: (error) => {
          change(uid, token, { rating: result.rating });
          notifications.show({ color: 'red', title: m.rating.failed, message: errorMessage(error, m.rating.failed) });
        },
      },
    );
  }

  function go(next: number) {
    setIndex(Math.max(0, Math.min(items.length, next)));
  }

  const onShortcut = (shortcut: Shortcut) =>
    handleShortcut(shortcut, {
      previous: () => go(index - 1),
      next: () => {
        if (!finished) go(index + 1);
      },
      toggleExplanation: () => setExplanation((on) => !on),
      help: () => setHelpOpen(true),
      judgeSelf,
      choose: (key) => {
        const value = answering ? choiceKeyToValue(key, options) : null;
        if (value) answer(value);
      },
    });
  useSolveShortcuts(!finished && !helpOpen && !boxesOpen, onShortcut);

  // Each problem starts at its top, also after a long one (phones).
  useEffect(() => {
    const article = articleRef.current;
    if (article && article.getBoundingClientRect().top < 0) article.scrollIntoView({ block: 'start' });
  }, [index, articleRef]);

  const reviewed = [...results.values()].filter((entry) => entry.save === 'saved').length;

  let content;
  if (items.length === 0) {
    content = <EndCard text={m.empty} />;
  } else if (finished || !item) {
    const left = dueCount - reviewed;
    content = (
      <EndCard text={m.done(reviewed)}>
        {left > 0 && reviewed > 0 && (
          <>
            <Text ta="center">{m.moreDue(left)}</Text>
            <Button className="qbank-solve-target" onClick={onMore}>
              {m.loadMore}
            </Button>
          </>
        )}
      </EndCard>
    );
  } else {
    const saved = result?.save === 'saved';
    content = (
      <Stack gap="md" ref={articleRef} style={{ scrollMarginTop: '1rem' }}>
        <Text size="sm" c="gray.7">
          {`${item.problem.test_name} · ${m.lastAnswer(item.last_answer, item.last_is_correct)}`}
        </Text>
        <ProblemView
          problem={item.problem}
          position={position}
          options={options}
          result={result}
          answering={answering}
          explanation={explanation}
          onAnswer={answer}
          onJudgeSelf={saved ? judgeSelf : undefined}
          onOpenBoxes={() => setBoxesOpen(true)}
          resultRef={resultRef}
          resultActions={
            result && (
              <ReviewRatingBar rating={result.rating} dueAt={result.dueAt} disabled={!saved || rateReview.isPending} onRate={rate} />
            )
          }
          footer={<NotePanel key={item.problem.uid} problemUid={item.problem.uid} />}
        />
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Button
            variant="default"
            className="qbank-solve-target"
            leftSection={<IconChevronLeft size={18} aria-hidden />}
            aria-keyshortcuts="ArrowLeft"
            disabled={index === 0}
            onClick={() => go(index - 1)}
          >
            {messages.solve.previous}
          </Button>
          <Button
            className="qbank-solve-target"
            rightSection={<IconChevronRight size={18} aria-hidden />}
            aria-keyshortcuts="ArrowRight"
            variant={result ? 'filled' : 'default'}
            onClick={() => go(index + 1)}
          >
            {index + 1 >= items.length ? m.finish : m.next}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md" className="qbank-solve">
      <SolveTopBar
        title={m.title}
        exitHref={paths.home.getHref()}
        position={items.length > 0 && !finished ? position : 0}
        total={finished ? 0 : items.length}
        score={finished ? null : score(results, problems)}
        explanation={explanation}
        onToggleExplanation={() => setExplanation((on) => !on)}
        onHelp={() => setHelpOpen(true)}
      />
      {content}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <ShortcutHelpModal opened={helpOpen} onClose={() => setHelpOpen(false)} />
      {item && <BookmarkModal problemUid={item.problem.uid} opened={boxesOpen} onClose={() => setBoxesOpen(false)} />}
    </Stack>
  );
}

function EndCard({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="md">
        <Text ta="center" fw={600} data-testid="review-end">
          {text}
        </Text>
        {children}
        <Button component={Link} to={paths.home.getHref()} variant="default" className="qbank-solve-target" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {m.backHome}
        </Button>
      </Stack>
    </Paper>
  );
}
