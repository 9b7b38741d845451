import { useLocalStorage } from '@mantine/hooks';

/** localStorage key of the member's choice; a browser preference like the layout, not an account setting. */
export const NEGATION_EMPHASIS_KEY = 'qbank.negationEmphasis';

/**
 * Whether the deciding phrases of a question ("옳지 않은", "아닌") are shown bold and underlined
 * (issue 16 item 5). On unless the member turned it off; every viewer on the page follows a change
 * at once (Mantine syncs the hook's instances and other tabs).
 */
export function useNegationEmphasis(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useLocalStorage<boolean>({
    key: NEGATION_EMPHASIS_KEY,
    defaultValue: true,
    getInitialValueInEffect: false,
    serialize: (value) => (value ? '1' : '0'),
    deserialize: (value) => value !== '0',
  });
  return [on, setOn];
}
