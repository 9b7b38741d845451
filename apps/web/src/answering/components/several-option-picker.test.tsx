import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problemRow } from '../../testing/fixtures/problems';
import { renderElement } from '../../testing/render';
import { choiceOptions } from '../answer-model';
import { ProblemView } from './problem-view';

// Problems with several correct options (issue 13 item 5): options are switched on and off, then
// submitted together; the digit keys switch, Enter submits, and the screen's own one-key answer
// listener never sees those keys.

const several = problemRow({ uid: 21, no: 4, illustration: '① 하나\n② 둘\n③ 셋\n④ 넷\n⑤ 다섯', answer: '③, ⑤', question: '<p>옳은 것은?</p>' });
const allOf = problemRow({ uid: 22, no: 5, illustration: '① 하나\n② 둘\n③ 셋', answer: '②', question: '<p>옳은 것을 모두 고르시오.</p>' });
const single = problemRow({ uid: 23, no: 6, illustration: '① 하나\n② 둘\n③ 셋', answer: '②', question: '<p>옳은 것은?</p>' });

function show(problem: typeof several, onAnswer: (answer: string) => void) {
  renderElement(
    '/p',
    '/p',
    <ProblemView
      problem={problem}
      position={1}
      options={choiceOptions(problem)}
      result={undefined}
      answering
      explanation={false}
      onAnswer={onAnswer}
      onOpenBoxes={() => {}}
      resultRef={{ current: null }}
    />,
  );
}

describe('several correct options', () => {
  const screenKeys: string[] = [];
  const screenListener = (event: KeyboardEvent) => {
    if (!event.defaultPrevented) screenKeys.push(event.key);
  };
  document.addEventListener('keydown', screenListener);
  afterEach(() => {
    screenKeys.length = 0;
  });

  it('submits the chosen options together, in option order, by the button', async () => {
    const onAnswer = vi.fn();
    show(several, onAnswer);
    const group = await screen.findByRole('group', { name: '보기' });
    const submit = screen.getByRole('button', { name: '선택한 보기 제출' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(group).getByRole('button', { name: /⑤ 다섯/ }));
    fireEvent.click(within(group).getByRole('button', { name: /① 하나/ }));
    fireEvent.click(within(group).getByRole('button', { name: /③ 셋/ }));
    fireEvent.click(within(group).getByRole('button', { name: /① 하나/ })); // off again
    expect(within(group).getByRole('button', { name: /③ 셋/ }).getAttribute('aria-pressed')).toBe('true');
    expect(
      within(group)
        .getByRole('button', { name: /① 하나/ })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    expect(screen.getByText('2개 선택')).toBeTruthy();
    fireEvent.click(submit);
    expect(onAnswer).toHaveBeenCalledWith('③, ⑤');
  });

  it('switches options with the digit keys and submits with Enter, keeping those keys from the screen', async () => {
    const onAnswer = vi.fn();
    show(allOf, onAnswer);
    await screen.findByRole('group', { name: '보기' });
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(onAnswer).not.toHaveBeenCalled(); // nothing chosen yet
    fireEvent.keyDown(document.body, { key: '2' });
    fireEvent.keyDown(document.body, { key: '3' });
    await waitFor(() => expect(screen.getByText('2개 선택')).toBeTruthy());
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(onAnswer).toHaveBeenCalledWith('②, ③');
    expect(screenKeys).toEqual([]);
  });

  it('leaves a one-answer problem to one click, as before', async () => {
    const onAnswer = vi.fn();
    show(single, onAnswer);
    const group = await screen.findByRole('group', { name: '보기' });
    expect(screen.queryByRole('button', { name: '선택한 보기 제출' })).toBeNull();
    fireEvent.click(within(group).getByRole('button', { name: /② 둘/ }));
    expect(onAnswer).toHaveBeenCalledWith('②');
    fireEvent.keyDown(document.body, { key: '2' });
    expect(screenKeys).toEqual(['2']);
  });
});
