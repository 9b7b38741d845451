import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders, createAppQueryClient } from '../app/providers';
import { ZoomablePicture } from './zoomable-picture';

describe('ZoomablePicture (issue 12 item 8)', () => {
  it('opens the picture in a viewer on click, zooms and closes with Esc', async () => {
    render(
      <AppProviders queryClient={createAppQueryClient()} env="test">
        <ZoomablePicture src="/uploads/ecg.png" alt="Q01 문제 그림" />
      </AppProviders>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Q01 문제 그림 크게 보기' }));
    const dialog = await screen.findByRole('dialog', { name: 'Q01 문제 그림' });
    const picture = within(dialog).getByRole('img', { name: 'Q01 문제 그림' });
    expect(picture.getAttribute('src')).toBe('/uploads/ecg.png');
    fireEvent.click(within(dialog).getByRole('button', { name: '확대' }));
    expect(picture.parentElement?.dataset.zoomed).toBe('true');
    fireEvent.click(picture);
    expect(picture.parentElement?.dataset.zoomed).toBe('false');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await expect.poll(() => screen.queryByRole('dialog'), { timeout: 30_000 }).toBeNull();
  });
});
