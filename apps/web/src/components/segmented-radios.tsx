import { useId, type CSSProperties } from 'react';

/**
 * Mantine's SegmentedControl drawn from its own classes, without its FloatingIndicator: the
 * indicator measures the items (getBoundingClientRect) when it mounts and on every resize, and on
 * the problem list that forced a layout of the whole page while its cards were still arriving
 * (~100 ms on a phone, issue 17 item 4). Mantine's stylesheet already draws the active item's
 * background itself until the indicator takes over (the root without data-initialized), so the
 * look is the same; only the sliding animation is gone. Native radios: arrow keys, one tab stop.
 */
export function SegmentedRadios<Value extends string>({
  label,
  data,
  value,
  onChange,
}: {
  /** The group's accessible name. */
  label: string;
  data: ReadonlyArray<{ value: Value; label: string }>;
  value: Value;
  onChange: (value: Value) => void;
}) {
  const name = useId();
  return (
    <div
      className="m_cf365364 mantine-SegmentedControl-root"
      data-size="sm"
      data-with-items-borders="true"
      role="radiogroup"
      aria-label={label}
      style={
        { '--sc-shadow': 'var(--mantine-shadow-xs)', '--sc-padding': 'var(--sc-padding-sm)', '--sc-font-size': 'var(--mantine-font-size-sm)' } as CSSProperties
      }
    >
      {data.map((item) => {
        const active = item.value === value || undefined;
        const id = `${name}-${item.value}`;
        return (
          <div key={item.value} className="m_69686b9b mantine-SegmentedControl-control" data-active={active}>
            <input
              className="m_1714d588 mantine-SegmentedControl-input"
              id={id}
              data-focus-ring="auto"
              type="radio"
              name={name}
              value={item.value}
              checked={item.value === value}
              onChange={() => onChange(item.value)}
            />
            <label className="m_1738fcb2 mantine-SegmentedControl-label" data-active={active} htmlFor={id}>
              <span className="m_78882f40 mantine-SegmentedControl-innerLabel">{item.label}</span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
