// The app's line icons: one 20×20 stroked path, drawn in the text colour, hidden from screen
// readers (the control beside or around it carries the name). One that means a direction (an
// arrow, lines of text) says so, and turns in right-to-left; the others keep their drawing.
export function StrokeIcon({
  d,
  className,
  turnsInRtl = false,
}: {
  d: string;
  className?: string;
  turnsInRtl?: boolean;
}) {
  const classes = [className, turnsInRtl ? 'turns-in-rtl' : undefined].filter(Boolean).join(' ');
  return (
    <svg
      className={classes === '' ? undefined : classes}
      viewBox="0 0 20 20"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
