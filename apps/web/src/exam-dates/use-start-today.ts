import { useNavigate } from 'react-router';
import { showFailure } from '../components/toasts';
import { paths } from '../lib/paths';
import { useStartToday } from './api';
import { examDateMessages as m } from './messages';

/** One tap: today's problems of the plan become a session, and the session opens. */
export function useStartTodayAndGo() {
  const start = useStartToday();
  const navigate = useNavigate();
  return {
    pending: start.isPending,
    run: (code: number) =>
      start.mutate(code, {
        onSuccess: (session) => void navigate(paths.studySession.getHref(session)),
        onError: (error) => showFailure(m.startFailed, error),
      }),
  };
}
