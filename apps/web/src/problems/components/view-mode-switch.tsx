import { SegmentedRadios } from '../../components/segmented-radios';
import { messages } from '../messages';
import { VIEW_MODES, type ViewMode } from '../problem-format';

const m = messages.problems;
const data = VIEW_MODES.map((value) => ({ value, label: m.views[value] }));

/** 문제만 (q) / 문제+정답 (qa) / 해설 포함 (all). */
export function ViewModeSwitch({ value, onChange }: { value: ViewMode; onChange: (view: ViewMode) => void }) {
  return <SegmentedRadios label={m.viewLabel} data={data} value={value} onChange={onChange} />;
}
