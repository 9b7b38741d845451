import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, vi } from 'vitest';

// Lazy routes and Mantine transitions can take more than testing-library's default 1 s on a
// loaded two-core CI machine; waiting longer costs nothing when the UI is quick. Since vitest
// runs two workers beside the e2e suite (decision 057), a file's first render, which waits for
// its lazy page to be transformed, took over 5 s twice on a saturated machine, and once 16.7 s
// (load average 9): 30 s, under the 45 s test timeout (vite.config.ts). A test passes a longer
// wait where it needs one, never a shorter one: an explicit 5 s on a file's first render failed
// on CI while the default would have waited.
configure({ asyncUtilTimeout: 30_000 });

// jsdom lacks the layout APIs Mantine reads; plain stubs are enough for UI tests.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

// Unit tests answer GET /v1/auth/me themselves: start each as a browser that was signed in once,
// so the session is asked for (lib/login-session.ts skips it for a visitor who never signed in).
beforeEach(() => {
  window.localStorage.setItem('qbank.signedIn', '1');
});

afterEach(() => {
  cleanup();
  // Mantine keeps toasts in a module-level store: a toast one test raised must not answer the next one's findByText.
  notifications.clean();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});
