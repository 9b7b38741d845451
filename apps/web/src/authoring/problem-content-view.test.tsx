import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders, createAppQueryClient } from '../app/providers';
import { ProblemContentView } from './problem-content-view';
import { detail } from '../testing/fixtures/authoring';

describe('ProblemContentView pictures (issue 12 item 8)', () => {
  it('opens a stored picture in the same zoomable viewer as the problem viewers', async () => {
    const content = detail({ question_pic_path: 'ecg.png', comment_pic_path: null, answer_pic_path: null });
    render(
      <AppProviders queryClient={createAppQueryClient()} env="test">
        <ProblemContentView content={content} />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: '문제 그림 크게 보기' }));
    const dialog = await screen.findByRole('dialog', { name: '문제 그림' });
    fireEvent.click(within(dialog).getByRole('button', { name: '확대' }));
    expect(within(dialog).getByRole('img', { name: '문제 그림' }).parentElement?.dataset.zoomed).toBe('true');
  });
});
