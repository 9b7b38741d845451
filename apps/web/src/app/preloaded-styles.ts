// The app's stylesheet after the static first paint (decision 050, first-paint.ts).
/** Marks index.html's preloaded app stylesheet, which main.tsx applies before the first render. */
export const STYLES_ATTRIBUTE = 'data-qbank-styles';

/**
 * Applies the preloaded app stylesheet (built index.html) and resolves once it is in force, so
 * React never paints an unstyled frame. Without one (`vite` dev server, unit tests), the styles
 * came with the modules and it resolves at once. A stylesheet that fails still lets the app start.
 */
export function applyPreloadedStyles(doc: Document = document): Promise<void> {
  const link = doc.querySelector<HTMLLinkElement>(`link[${STYLES_ATTRIBUTE}]`);
  if (!link) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    link.removeAttribute(STYLES_ATTRIBUTE);
    link.rel = 'stylesheet';
  });
}
