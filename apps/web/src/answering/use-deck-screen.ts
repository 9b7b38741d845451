import { useRef, useState } from 'react';

/**
 * What solve mode and the review deck both keep beside their answers: the explanation, help and
 * boxes toggles, the live announcement, the answer token and the result / article elements.
 */
export function useDeckScreen(explanationOpen: boolean) {
  const [explanation, setExplanation] = useState(explanationOpen);
  const [helpOpen, setHelpOpen] = useState(false);
  const [boxesOpen, setBoxesOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const tokenRef = useRef(0);
  const resultRef = useRef<HTMLDivElement>(null);
  const articleRef = useRef<HTMLDivElement>(null);
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
  };
}
