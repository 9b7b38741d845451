import { Button, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { choiceKeyToValue } from '@qbank/shared/answers';
import { ERROR_CODES } from '@qbank/shared/error-codes';
import { REVIEW_RATINGS, type ReviewDueProblem, type ReviewRating } from '@qbank/shared/review';
import { isSelfJudgedType } from '@qbank/shared/solve';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { BookmarkModal } from '../boxes/bookmark-modal';
import { PageLoader } from '../components/page-loader';
import { errorMessage } from '../lib/api-client';
import type { QueuedAnswer } from '../lib/offline-data';
import { useLoginSession } from '../lib/login-session';
import { keepForOffline } from '../offline/save-api';
import { paths } from '../lib/paths';
import { commonMessages } from '../common/messages';
import { NotePanel } from '../notes/note-panel';
import { answerForDisplay, choiceOptions, judge, score, type AnswerResult, type Shortcut } from '../answering/answer-model';
import { AnswerTopBar } from '../answering/components/answer-top-bar';
import { BackLinkButton } from '../answering/components/back-link-button';
import { ProblemNavigation } from '../answering/components/problem-navigation';
import { ProblemView } from '../answering/components/problem-view';
import { ShortcutHelpModal } from '../answering/components/shortcut-help-modal';
import { LoadFailedCard } from '../answering/components/state-card';
import { answeringMessages } from '../answering/messages';
import { useSelfJudgment } from '../answering/self-judgment-api';
import { selfJudgeMessages as sj } from '../answering/self-judge-messages';
import { useAnswerRecording, type Slot } from '../answering/use-answer-recording';
import { handleShortcut, useAnswerShortcuts } from '../answering/use-answer-shortcuts';
import { useDeckScreen } from '../answering/use-deck-screen';
import { useQueuedAnswersWhere } from '../answering/use-queued-answers';
import { problemRead } from '../problems/api';
import { reviewKeys, useRateReview, useReviewDeck, useReviewProblems, type DeckProblem } from './review-api';
import { ProblemNotShown } from './review-problem-notice';
import { reviewMessages as m } from './review-messages';
import { ReviewRatingBar } from './review-rating-bar';
import '../answering/answering.css';

interface ReviewResult extends AnswerResult {
  dueAt: string | null;
  rating: ReviewRating | null;
}

/** /study/review — the solve-mode screen over the member's due problems, most overdue first. */
export function ReviewPage() {
  useDocumentTitle(commonMessages.app.pageTitle(m.title));
  const deck = useReviewDeck();
  const login = useLoginSession();
  const memberCode = login.status === 'signed-in' ? login.user.code : null;
  // Review answers made offline and not sent yet, read again with each deck (decision 054).
  const queued = useQueuedAnswersWhere(memberCode, `review:${deck.dataUpdatedAt}`, (answer) => answer.kind === 'review');
  // A new deck (after "남은 문제 이어서 복습") starts a new round.
  return deck.isPending || queued === null ? (
    <Stack gap="md">
      <PageLoader />
    </Stack>
  ) : deck.isError ? (
    <LoadFailedCard title={m.loadFailed} reason={errorMessage(deck.error, m.loadFailed)} retryLabel={m.reload} onRetry={() => void deck.refetch()} />
  ) : (
    <ReviewRound
      key={deck.dataUpdatedAt}
      cards={deck.data.problems}
      dueCount={deck.data.due_count}
      queued={queued}
      memberCode={memberCode}
      onMore={() => void deck.refetch()}
    />
  );
}

/** Answers an earlier visit left waiting, shown as answered (token 0), with the screen's verdict. */
function waitingResults(cards: ReviewDueProblem[], queued: QueuedAnswer[]): Map<number, ReviewResult> {
  const results = new Map<number, ReviewResult>();
  for (const answer of queued) {
    if (answer.kind !== 'review' || !cards.some((card) => card.problem_uid === answer.problem_uid)) continue;
    const { problem_uid, local_correct, rating } = answer;
    results.set(problem_uid, {
      answer: answer.answer,
      correct: local_correct,
      save: 'queued',
      token: 0,
      attemptCode: null,
      judgedBy: 'machine',
      dueAt: null,
      rating: rating ?? null,
    });
  }
  return results;
}

interface RoundProps {
  /** The deck's cards; their problems are read one by one (decision 205). */
  cards: ReviewDueProblem[];
  dueCount: number;
  queued: QueuedAnswer[];
  memberCode: number | null;
  onMore: () => void;
}

function ReviewRound({ cards, dueCount, queued, memberCode, onMore }: RoundProps) {
  const queryClient = useQueryClient();
  const rateReview = useRateReview();
  const selfJudgment = useSelfJudgment();
  const uids = useMemo(() => cards.map((card) => card.problem_uid), [cards]);
  const reads = useReviewProblems(uids);
  const [results, setResults] = useState<ReadonlyMap<number, ReviewResult>>(() => waitingResults(cards, queued));
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      cards.findIndex((card) => !results.has(card.problem_uid)),
    ),
  );
  const { explanation, setExplanation, helpOpen, setHelpOpen, boxesOpen, setBoxesOpen, announcement, setAnnouncement, tokenRef, articleRef, view } =
    useDeckScreen(true);

  // Problems voided while this round was open: the server refused their answer (decision 079).
  const [voidedNow, setVoidedNow] = useState<ReadonlySet<number>>(new Set());
  const finished = index >= cards.length;
  // Each problem as loaded (undefined until then, or when it is gone), with a voiding seen meanwhile.
  const loaded = useMemo(
    () => reads.map((read) => (read.state !== 'ready' ? undefined : voidedNow.has(read.problem.uid) ? { ...read.problem, is_voided: 1 } : read.problem)),
    [reads, voidedNow],
  );
  const problems = useMemo(() => loaded.filter((problem) => problem !== undefined), [loaded]);
  const card = finished ? undefined : cards[index];
  const read: DeckProblem | undefined = card ? reads[index] : undefined;
  const item = useMemo(() => (card && loaded[index] ? { ...card, problem: loaded[index] } : undefined), [card, loaded, index]);
  const options = useMemo(() => (item ? choiceOptions(item.problem) : null), [item]);
  const result = item ? results.get(item.problem.uid) : undefined;
  const answering = item !== undefined && (!result || result.save === 'failed');
  const position = Math.min(index, cards.length - 1) + 1;

  function change(uid: number, token: number, patch: Partial<ReviewResult>) {
    setResults((prev) => {
      const current = prev.get(uid);
      if (!current || current.token !== token) return prev;
      return new Map(prev).set(uid, { ...current, ...patch });
    });
  }

  /** Records the member's own verdict on a recorded answer; a refusal puts the screen back. */
  function sendVerdict({ uid, token }: Slot, attemptCode: number, correct: boolean, before: Partial<ReviewResult>) {
    selfJudgment.mutate(
      { attemptCode, isCorrect: correct },
      {
        onSuccess: (saved) => change(uid, token, { dueAt: saved.review_due_at }),
        onError: (error) => {
          change(uid, token, before);
          notifications.show({ color: 'red', title: sj.saveFailed, message: errorMessage(error, sj.saveFailed) });
        },
      },
    );
  }

  // Review answers go through the offline queue (decision 054): kept, sent, replaced by the server's record.
  const recording = useAnswerRecording(
    'review',
    memberCode,
    queued,
    (slot) => ({ kind: 'review', test_code: problems.find((problem) => problem.uid === slot.uid)?.test_code ?? 0 }),
    {
      onRecorded: (slot, _local, saved, laterVerdict, sent) => {
        const recorded = { save: 'saved' as const, dueAt: saved.due_at, attemptCode: saved.attempt_code };
        const machine = { correct: saved.is_correct, judgedBy: saved.judged_by };
        // A 맞음/틀림 given while it waited goes with the record; otherwise the server's verdict wins.
        change(slot.uid, slot.token, laterVerdict === undefined ? { ...recorded, ...machine } : recorded);
        if (laterVerdict !== undefined) sendVerdict(slot, saved.attempt_code, laterVerdict, machine);
        // A rating given after the answer left the queue is sent on its own.
        const rating = results.get(slot.uid)?.token === slot.token ? results.get(slot.uid)?.rating : null;
        if (rating && sent.kind === 'review' && sent.rating !== rating) sendRating(slot, rating, null);
        void queryClient.invalidateQueries({ queryKey: reviewKeys.count() });
      },
      onNotRecorded: (slot, _local, code) => {
        if (code !== ERROR_CODES.problemVoided) return change(slot.uid, slot.token, { save: 'failed' });
        setResults((prev) => (prev.get(slot.uid)?.token === slot.token ? new Map([...prev].filter(([uid]) => uid !== slot.uid)) : prev));
        setVoidedNow((prev) => new Set(prev).add(slot.uid));
      },
      onKept: (slot) => change(slot.uid, slot.token, { save: 'queued' }),
    },
  );

  function answer(value: string) {
    if (!item) return;
    const { problem } = item;
    const token = ++tokenRef.current;
    const local = judge(problem, value);
    setResults((prev) =>
      new Map(prev).set(problem.uid, {
        answer: value,
        correct: local,
        save: 'saving',
        token,
        attemptCode: null,
        judgedBy: 'machine',
        dueAt: null,
        rating: null,
      }),
    );
    // An essay or slide answer the key does not match word for word waits for the member's verdict.
    const selfJudged = isSelfJudgedType(problem.type);
    setAnnouncement(selfJudged && !local ? sj.awaitingAnnouncement(position) : answeringMessages.resultAnnouncement(position, local));
    recording.submit({ uid: problem.uid, token }, value, local);
  }

  /** 맞음 / 틀림 on an essay or slide answer (as in solve mode); the card is rescheduled from it. */
  function judgeSelf(correct: boolean) {
    if (!item || !result || result.save === 'failed' || !isSelfJudgedType(item.problem.type)) return;
    if (result.judgedBy === 'machine' && result.correct) return; // word for word the key: nothing to judge
    const slot = { uid: item.problem.uid, token: result.token };
    const before = { correct: result.correct, judgedBy: result.judgedBy, dueAt: result.dueAt };
    change(slot.uid, slot.token, { correct, judgedBy: 'self' });
    setAnnouncement(sj.announcement(position, correct));
    const attemptCode = recording.recordedCode(slot, result.attemptCode);
    if (attemptCode !== null) sendVerdict(slot, attemptCode, correct, before);
    // Still on its way or waiting offline: the verdict follows the record.
    else recording.verdictLater(slot, correct);
  }

  function rate(rating: ReviewRating) {
    if (!item || !result) return;
    const slot = { uid: item.problem.uid, token: result.token };
    change(slot.uid, slot.token, { rating });
    if (result.save === 'saved') return sendRating(slot, rating, result.rating);
    // Waiting offline: the rating goes with the answer (kept across a reload); on its way: onRecorded sends it.
    void recording.amendWaiting(slot, (waiting) => (waiting.kind === 'review' ? { ...waiting, rating } : waiting));
  }

  function sendRating({ uid, token }: Slot, rating: ReviewRating, before: ReviewRating | null) {
    rateReview.mutate(
      { problemUid: uid, rating },
      {
        onSuccess: (saved) => change(uid, token, { dueAt: saved.due_at }),
        onError: (error) => {
          change(uid, token, { rating: before });
          notifications.show({ color: 'red', title: m.rating.failed, message: errorMessage(error, m.rating.failed) });
        },
      },
    );
  }

  function go(next: number) {
    setIndex(Math.max(0, Math.min(cards.length, next)));
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
      // Before the answer 1–9 choose an option; after it 1–4 rate the recall (as in Anki).
      choose: (key) => {
        if (!answering) {
          const rating = REVIEW_RATINGS[key - 1];
          if (rating && result && result.save !== 'failed' && !rateReview.isPending) rate(rating);
          return;
        }
        const value = item?.problem.is_voided !== 1 ? choiceKeyToValue(key, options) : null;
        if (value) answer(value);
      },
    });
  useAnswerShortcuts(!finished && !helpOpen && !boxesOpen, onShortcut);

  // Each problem starts at its top, also after a long one (phones).
  useEffect(() => {
    const article = articleRef.current;
    if (article && article.getBoundingClientRect().top < 0) article.scrollIntoView({ block: 'start' });
  }, [index, articleRef]);

  // Kept offline counts as reviewed: it will reach the server.
  const reviewed = [...results.values()].filter((entry) => entry.save === 'saved' || entry.save === 'queued').length;
  // Problems deleted since the deck was built: skipped, and no longer due.
  const gone = reads.filter((entry) => entry.state === 'gone').length;

  // Read online, the deck keeps its problems' reads and pictures for the subway once they have all
  // come (decision 054); the service worker keeps each read as it passes.
  const settled = reads.every((entry) => entry.state !== 'loading');
  const keptOffline = useRef(false);
  useEffect(() => {
    if (keptOffline.current || !settled || !navigator.onLine || problems.length === 0) return;
    keptOffline.current = true;
    void keepForOffline(['/v1/study/review', ...problems.map((problem) => problemRead(problem.uid))], problems).catch(() => undefined);
  }, [settled, problems]);

  const navigation = (
    <ProblemNavigation
      position={position}
      total={cards.length}
      onPrevious={() => go(index - 1)}
      onNext={() => go(index + 1)}
      pastEnd
      nextLabel={index + 1 >= cards.length ? m.finish : m.next}
      nextVariant={result || read?.state === 'gone' ? 'filled' : 'default'}
      wrap="nowrap"
    />
  );

  let content;
  if (cards.length === 0) {
    content = <EndCard text={m.empty} />;
  } else if (finished || !read) {
    const left = dueCount - reviewed - gone;
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
  } else if (!item) {
    content = (
      <Stack gap="md" ref={articleRef} style={{ scrollMarginTop: '1rem' }}>
        <ProblemNotShown read={read} />
        {navigation}
      </Stack>
    );
  } else {
    const saved = result?.save === 'saved';
    const kept = saved || result?.save === 'queued' || result?.save === 'saving';
    content = (
      <Stack gap="md" ref={articleRef} style={{ scrollMarginTop: '1rem' }}>
        {/* The previous answer would give the key away: it shows only once this one is given. */}
        <Text size="sm" c="gray.7">
          {item.problem.test_name}
        </Text>
        <ProblemView
          {...view}
          problem={item.problem}
          position={position}
          options={options}
          result={result}
          answering={answering}
          onAnswer={answer}
          onJudgeSelf={kept ? judgeSelf : undefined}
          resultActions={
            result && (
              <>
                <Text size="sm" c="gray.7" data-testid="review-last-answer">
                  {m.lastAnswer(answerForDisplay(item.problem, item.last_answer), item.last_is_correct)}
                </Text>
                <ReviewRatingBar rating={result.rating} dueAt={result.dueAt} disabled={!kept || rateReview.isPending} onRate={rate} />
              </>
            )
          }
          footer={<NotePanel key={item.problem.uid} problemUid={item.problem.uid} />}
        />
        {navigation}
      </Stack>
    );
  }

  return (
    <Stack gap="md" className="qbank-solve">
      <AnswerTopBar
        title={m.title}
        exitHref={paths.home.getHref()}
        position={cards.length > 0 && !finished ? position : 0}
        total={finished ? 0 : cards.length}
        score={finished ? null : score(results, problems)}
        explanation={explanation}
        onToggleExplanation={() => setExplanation((on) => !on)}
        onHelp={() => setHelpOpen(true)}
      />
      {content}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <ShortcutHelpModal opened={helpOpen} onClose={() => setHelpOpen(false)} extra={[m.ratingShortcut]} />
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
        <BackLinkButton to={paths.home.getHref()} iconSize={16}>
          {m.backHome}
        </BackLinkButton>
      </Stack>
    </Paper>
  );
}
