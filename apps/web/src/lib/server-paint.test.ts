import { afterEach, describe, expect, it, vi } from 'vitest';
import { appContainer, releaseServerPaint, RELEASE_TIMEOUT_MS } from './server-paint';

// The hand-over from the server's drawing of a page to the app's own copy (decision 067).
describe('the server drawing hand-over', () => {
  afterEach(() => {
    releaseServerPaint();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('renders into #root where the server drew nothing, and releasing is then a no-op', () => {
    document.body.innerHTML = '<div id="root"><p>first paint</p></div>';
    const root = document.getElementById('root');
    expect(appContainer()).toBe(root);
    releaseServerPaint();
    expect(document.body.innerHTML).toBe('<div id="root"><p>first paint</p></div>');
  });

  it("keeps the app out of the document until released, then puts it in the drawing's place", () => {
    document.body.innerHTML = '<header>top</header><div id="qbank-paint" inert><h1>drawn</h1></div><footer>end</footer>';
    const container = appContainer();
    container.innerHTML = '<h1>app</h1>';
    expect(container.isConnected).toBe(false);
    // Never two copies of the page at once.
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    releaseServerPaint();
    expect(container.isConnected).toBe(true);
    expect(document.getElementById('qbank-paint')).toBeNull();
    expect(document.body.innerHTML).toBe('<header>top</header><div id="root"><h1>app</h1></div><footer>end</footer>');
    releaseServerPaint();
    expect(document.body.innerHTML).toBe('<header>top</header><div id="root"><h1>app</h1></div><footer>end</footer>');
  });

  it('lets the app take over by itself when its page never says it is ready', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="qbank-paint" inert><h1>drawn</h1></div>';
    const container = appContainer();
    vi.advanceTimersByTime(RELEASE_TIMEOUT_MS - 1);
    expect(container.isConnected).toBe(false);
    vi.advanceTimersByTime(1);
    expect(container.isConnected).toBe(true);
  });
});
