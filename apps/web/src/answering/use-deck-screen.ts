import { useRef, useState, type ComponentProps } from 'react';
import type { ProblemView } from './components/problem-view';

/** What ProblemView takes from the screen around it rather than from the problem and its answer. */
type DeckView = Pick<ComponentProps<typeof ProblemView>, 'explanation' | 'resultRef' | 'onOpenBoxes'>;

/**
 * What solve mode and the review deck both keep beside their answers: the explanation, help and
 * boxes toggles, the live announcement, the answer token and the result / article elements;
 * `view` is what of it their ProblemView takes.
 */
export function useDeckScreen(explanationOpen: boolean) {
  const [explanation, setExplanation] = useState(explanationOpen);
  const [helpOpen, setHelpOpen] = useState(false);
  const [boxesOpen, setBoxesOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const tokenRef = useRef(0);
  const resultRef = useRef<HTMLDivElement>(null);
  const articleRef = useRef<HTMLDivElement>(null);
  const view: DeckView = { explanation, resultRef, onOpenBoxes: () => setBoxesOpen(true) };
  return {
    explanation,
    setExplanation,
    helpOpen,
    setHelpOpen,
    boxesOpen,
    setBoxesOpen,
    announcement,
    setAnnouncement,
    tokenRef,
    resultRef,
    articleRef,
    view,
  };
}
