import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useLoginSession } from '../lib/login-session';
import { answerQueue } from './api';
import { answeringMessages } from './messages';

/** How often answers still waiting are tried again while the app is open (a connection that came back quietly). */
const RETRY_MS = 30_000;

/**
 * Sends the signed-in member's waiting answers: at start, whenever the browser says it is online
 * again, and now and then. Renders nothing; mounted once at the root.
 */
export function AnswerSync() {
  const login = useLoginSession();
  const memberCode = login.status === 'signed-in' ? login.user.code : null;

  useEffect(() => {
    if (memberCode === null) return;
    const flush = () => {
      if (navigator.onLine) void answerQueue.flush(memberCode).catch(() => undefined);
    };
    flush();
    window.addEventListener('online', flush);
    const timer = window.setInterval(flush, RETRY_MS);
    return () => {
      window.removeEventListener('online', flush);
      window.clearInterval(timer);
    };
  }, [memberCode]);

  // An answer the server refused for good is gone from the queue: the member is told which.
  useEffect(
    () =>
      answerQueue.subscribe((event) => {
        if (event.type === 'rejected') notifications.show({ color: 'red', title: answeringMessages.queueRejected, message: event.message });
      }),
    [],
  );
  return null;
}
