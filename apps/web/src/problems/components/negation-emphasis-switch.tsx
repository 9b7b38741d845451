import { Switch } from '@mantine/core';
import { useNegationEmphasis } from '../../lib/use-negation-emphasis';
import { messages } from '../messages';

const m = messages.problems;

/** Issue 16 item 5: the member's switch for emphasizing "옳지 않은", "아닌" … (kept in this browser). */
export function NegationEmphasisSwitch({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const [on, setOn] = useNegationEmphasis();
  return <Switch size={size} checked={on} onChange={(event) => setOn(event.currentTarget.checked)} label={m.negationEmphasis} title={m.negationEmphasisHint} />;
}
