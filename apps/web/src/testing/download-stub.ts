import { onTestFinished, vi } from 'vitest';

/**
 * jsdom has no object URLs and does not save files: stub both for one test and collect the
 * names `<a download>` clicks would save under. Undone when the test finishes.
 */
export function stubDownloads() {
  const saved: string[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:test/${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  onTestFinished(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    click.mockRestore();
  });
  return { saved, blobs };
}
